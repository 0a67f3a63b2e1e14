// The browser half of `npm run bench:operations -- --browser` (issue 19: "the page loads in under 1 s on
// 10,000 cases"): Chromium opens /admin/operations on the built server as the administrator, signed in
// through REST, and the page itself says when it is done. Everything is measured in the page, from
// navigation start (performance.timeOrigin):
//   drawn     the frame in which both charts have their bars and every table its rows
//   report    the end of the operationsReport response (the GraphQL request the dashboard waits for)
//   chunk     the end of the route's chunk (admin-operations-*.js: the dashboard and its chart library)
// Cold: a new browser context (empty cache, new sign-in) per visit; warm: one context navigating to the
// page again (code from the HTTP cache, the report fetched anew). Screenshots at 1280 and 375 px go to
// web/e2e-artifacts/operations-10k-*.png.
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';

export interface PageVisit {
  drawn: number;
  reportStart: number;
  reportEnd: number;
  chunkEnd: number;
  /** Rows of the dashboard's tables, and bars of its charts, when it was drawn (a check that it was). */
  tableRows: number;
  bars: number;
  /** Every request of the visit: path, start and end (ms from navigation start), bytes over the wire. */
  waterfall: Array<{ name: string; start: number; end: number; bytes: number }>;
}

// Set in the page before the app loads, as text (an init script is not evaluated under the page's CSP);
// it defines tsx's __name, which the functions given to page.evaluate below are wrapped in. The report's
// request is found by its body.
const PAGE_PROBE = `
  window.__name = (fn) => fn;
  (() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!body.includes('operationsReport')) return original(input, init);
      window.__benchReportStart ??= performance.now();
      const response = await original(input, init);
      const copy = response.clone();
      copy.text().then(() => { window.__benchReportEnd ??= performance.now(); });
      return response;
    };
    const drawn = () => {
      const bars = document.querySelectorAll('[data-testid="cases-per-week-chart"] rect, [data-testid="revenue-chart"] rect');
      const weekBars = document.querySelector('[data-testid="cases-per-week-chart"] rect');
      const moneyBars = document.querySelector('[data-testid="revenue-chart"] rect');
      const tables = [...document.querySelectorAll('main table')];
      const rows = tables.reduce((n, table) => n + table.querySelectorAll('tbody tr').length, 0);
      const full = tables.length > 0 && tables.every((table) => table.querySelector('tbody tr'));
      return weekBars && moneyBars && full ? { bars: bars.length, rows } : null;
    };
    const observer = new MutationObserver(() => {
      const done = drawn();
      if (!done) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        performance.mark('bench:drawn');
        window.__benchDrawn = { at: performance.now(), ...done };
      });
    });
    observer.observe(document, { subtree: true, childList: true });
  })();
`;

interface BenchWindow {
  __benchDrawn?: { at: number; rows: number; bars: number };
  __benchReportStart?: number;
  __benchReportEnd?: number;
}

// Run in the page (functions, not strings: the CSP has no 'unsafe-eval'); typed without the DOM library.
const isDrawn = () => (globalThis as unknown as BenchWindow).__benchDrawn !== undefined;
const readVisit = (): PageVisit => {
  const w = globalThis as unknown as BenchWindow;
  type Entry = { name: string; startTime: number; responseEnd: number; transferSize: number };
  const resources = performance.getEntriesByType('resource') as unknown as Entry[];
  const chunk = resources.find((entry) => /\/admin-operations-[^/]*\.js$/.test(entry.name));
  // The report's request: the first /graphql request started when the dashboard asked for it.
  const started = w.__benchReportStart ?? Number.POSITIVE_INFINITY;
  const report = resources.find((entry) => entry.name.endsWith('/graphql') && entry.startTime >= started - 1);
  return {
    drawn: w.__benchDrawn?.at ?? Number.NaN,
    tableRows: w.__benchDrawn?.rows ?? 0,
    bars: w.__benchDrawn?.bars ?? 0,
    reportStart: w.__benchReportStart ?? Number.NaN,
    reportEnd: report?.responseEnd ?? w.__benchReportEnd ?? Number.NaN,
    chunkEnd: chunk?.responseEnd ?? Number.NaN,
    waterfall: resources.map((entry) => ({
      name: new URL(entry.name).pathname,
      start: Math.round(entry.startTime),
      end: Math.round(entry.responseEnd),
      bytes: entry.transferSize,
    })),
  };
};

export interface PageBenchOptions {
  base: string;
  username: string;
  password: string;
  runs: number;
  artifacts: string;
}

async function signedInContext(browser: Browser, base: string, username: string, password: string, width = 1280) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  await context.addInitScript(PAGE_PROBE);
  const response = await context.request.post('/api/auth/login', { data: { username, password } });
  if (!response.ok()) throw new Error(`sign-in of ${username}: ${response.status()} ${await response.text()}`);
  return context;
}

async function visit(context: BrowserContext, screenshot?: string): Promise<PageVisit> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/admin/operations');
  await page.waitForFunction(isDrawn, undefined, { timeout: 60_000 });
  const measured = await page.evaluate(readVisit);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  return measured;
}

/** Cold and warm visits of /admin/operations; the caller prints them. */
export async function measureOperationsPage(options: PageBenchOptions) {
  const { chromium } = await import('@playwright/test');
  // As web/bench/first-load.ts launches it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const cold: PageVisit[] = [];
    for (let i = 0; i < options.runs; i++) {
      const width = i === options.runs - 1 ? 375 : 1280;
      const context = await signedInContext(browser, options.base, options.username, options.password, width);
      const shot =
        i === 0 || i === options.runs - 1 ? join(options.artifacts, `operations-10k-${width}.png`) : undefined;
      cold.push(await visit(context, shot));
      await context.close();
    }
    const warm: PageVisit[] = [];
    const context = await signedInContext(browser, options.base, options.username, options.password);
    await visit(context); // fills the HTTP cache
    for (let i = 0; i < options.runs; i++) warm.push(await visit(context));
    await context.close();
    return { cold, warm };
  } finally {
    await browser.close();
  }
}
