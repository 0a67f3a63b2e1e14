// npm run bench:click -- [--runs 20] [--skip-build]
//
// Issue 17: how long a change made on one screen takes to show on the other user's screen, in two real
// browser contexts (Chromium), with the server and the built web client as the e2e specs run them.
//   accept -> vet       the specialist clicks Accept on a case in Available Cases (/consults); measured from
//                       the click event in the specialist's page to the frame in which the veterinarian's
//                       /consults card of that case first shows "In Progress"
//   new case -> spec    the veterinarian's case becomes pending (its test card is paid, from here); measured
//                       from just before that request to the frame in which the case first shows in the
//                       specialist's Available Cases
// Both ends are wall-clock readings on this machine (the pages' Date.now() and this process's), taken at
// the first animation frame after the DOM changed. Prints p50, p95 and max over --runs cases, and the load
// average. It builds the web client (unless --skip-build), starts its own server (embedded database, a
// fresh data folder, no Redis, no mail server: the e2e defaults of web/playwright.config.ts) on a free
// port, and stops it at the end. Chromium: CHROMIUM_PATH, default /usr/bin/chromium.
import { type ChildProcess, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type APIRequestContext, type Browser, chromium, type Page } from '@playwright/test';
import { apiSession, prepareCase } from '../e2e/case-fixtures';
import { freshSpecialist, freshVet, signIn, unique } from '../e2e/support';
import { freePort, startServer } from './bench-server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const ROOT = resolve(import.meta.dirname, '../..');

declare global {
  interface Window {
    /** When the awaited text first showed (bench only). */
    __benchSeenAt?: number;
    /** When the watched button was clicked (bench only). */
    __benchClickedAt?: number;
    /** When each subscription event arrived (bench only). */
    __benchEvents?: number[];
  }
}

// Set in each page before the app loads: when each subscription event ('next' frame) arrived, and every
// request's timing, so a sample can be split into its steps. (tsx, with esbuild's keepNames, wraps the
// functions given to page.evaluate in __name(...), which the page must define.)
const PAGE_PROBE = `
  window.__name = (fn) => fn;
  window.__benchEvents = [];
  performance.setResourceTimingBufferSize(100000);
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.includes('"type":"next"')) window.__benchEvents.push(Date.now());
      });
    }
  };
`;

/** The /graphql requests a page started at or after `since` (epoch ms): start and end, epoch ms. */
async function requestsSince(page: Page, since: number): Promise<{ start: number; end: number }[]> {
  return page.evaluate(
    (since) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('/graphql'))
        .map((entry) => ({
          start: performance.timeOrigin + entry.startTime,
          end: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd,
        }))
        .filter((entry) => entry.start >= since - 1),
    since,
  );
}

/** The first subscription event the page received at or after `since` (epoch ms). */
async function eventSince(page: Page, since: number): Promise<number> {
  const events = await page.evaluate(() => window.__benchEvents ?? []);
  return events.find((at) => at >= since - 1) ?? Number.NaN;
}

/**
 * One sample split into steps: start -> the event's frame on the watcher's socket, that frame -> the
 * watcher's first request after it (a refetch; none when the event updated the cache), that request's round
 * trip, and its end (or the frame) -> the screen showing the change.
 */
async function steps(watcher: Page, startedAt: number, shownAt: number): Promise<Record<string, number>> {
  const eventAt = await eventSince(watcher, startedAt);
  const refetch = (await requestsSince(watcher, eventAt)).find((request) => request.start <= shownAt);
  return {
    'start -> event': eventAt - startedAt,
    'event -> request': refetch ? refetch.start - eventAt : 0,
    request: refetch ? refetch.end - refetch.start : 0,
    'request -> screen': shownAt - (refetch ? refetch.end : eventAt),
    total: shownAt - startedAt,
  };
}

/** Records in the page when an element matching `selector` whose text holds all of `texts` first shows. */
async function watchFor(page: Page, selector: string, texts: string[]): Promise<void> {
  await page.evaluate(
    ({ selector, texts }) => {
      window.__benchSeenAt = undefined;
      const shown = () =>
        [...document.querySelectorAll(selector)].some((element) =>
          texts.every((text) => element.textContent?.includes(text)),
        );
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__benchSeenAt = Date.now();
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { selector, texts },
  );
}

async function seenAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => window.__benchSeenAt, undefined, { timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { direction: label, runs: sorted.length, 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'max ms': sorted.at(-1) };
}

function median(samples: number[]): number {
  const sorted = samples.filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN);
}

function medians(samples: Record<string, number>[]): Record<string, number> {
  const keys = Object.keys(samples[0] ?? {});
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key] ?? Number.NaN))]));
}

async function confirmPayment(vet: APIRequestContext, paymentIntentId: string): Promise<void> {
  const response = await vet.post('/api/payment/confirm-payment', { data: { paymentIntentId } });
  if (!response.ok()) throw new Error(`confirm-payment ${response.status()}: ${await response.text()}`);
}

async function main() {
  if (!values['skip-build']) execSync('npm run build -w web', { cwd: ROOT, stdio: 'ignore' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vetconsult-bench-click-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(port, dataDir);
    const vetAccount = await freshVet(base);
    const specialistAccount = await freshSpecialist(base, 'Internal Medicine');
    const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const newPage = async () => {
      const context = await browser?.newContext({ baseURL: base });
      if (!context) throw new Error('no browser');
      await context.addInitScript(PAGE_PROBE);
      return context.newPage();
    };
    const specialist = await newPage();
    const vet = await newPage();
    for (const [page, account, landing] of [
      [specialist, specialistAccount, '/specialist-dashboard'],
      [vet, vetAccount, '/dashboard'],
    ] as const) {
      await signIn(page, account.username, account.password);
      await page.waitForURL(`**${landing}`);
      await page.goto('/consults');
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    }
    const available = specialist.getByRole('region', { name: 'Available Cases' });
    await available.getByRole('heading', { name: 'Available Cases' }).waitFor();

    const toSpecialist: number[] = [];
    const toVet: number[] = [];
    const stepsToSpecialist: Record<string, number>[] = [];
    const stepsToVet: Record<string, number>[] = [];
    const mutation: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const prepared = await prepareCase(
        vetApi,
        { id: specialistAccount.id, specialty: specialistAccount.specialty },
        unique('Click'),
      );
      const shortId = prepared.uuid.slice(0, 8);
      // The built-in provider settles the test card at once, as a provider's webhook would: that activates
      // the case (pending). confirm-payment, which the payment screen calls next, finds it activated.
      await watchFor(specialist, '[aria-labelledby="available-cases-heading"] li', [`#${shortId}`]);
      const sentAt = Date.now();
      const card = await vetApi.post('/api/payment/test-provider/confirm', {
        data: {
          paymentIntentId: prepared.paymentIntentId,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
        },
      });
      if (!card.ok()) throw new Error(`test card ${card.status()}: ${await card.text()}`);
      const shownToSpecialist = await seenAt(specialist);
      toSpecialist.push(shownToSpecialist - sentAt);
      await confirmPayment(vetApi, prepared.paymentIntentId);
      stepsToSpecialist.push(await steps(specialist, sentAt, shownToSpecialist));

      // The vet's card must show the case as pending before the accept is timed.
      await vet
        .getByRole('link', { name: new RegExp(prepared.patientName) })
        .filter({ hasText: 'Pending' })
        .waitFor();
      await watchFor(vet, 'a', [prepared.patientName, 'In Progress']);
      const accept = available.getByRole('button', { name: `Accept case ${shortId}` });
      await accept.evaluate((button) =>
        button.addEventListener('click', () => (window.__benchClickedAt = Date.now()), { once: true, capture: true }),
      );
      await accept.click();
      const seen = await seenAt(vet);
      const clicked = (await specialist.evaluate(() => window.__benchClickedAt)) ?? Number.NaN;
      toVet.push(seen - clicked);
      stepsToVet.push(await steps(vet, clicked, seen));
      const accepted = (await requestsSince(specialist, clicked))[0];
      mutation.push(accepted ? accepted.end - clicked : Number.NaN);
      await available.getByText(`#${shortId}`).waitFor({ state: 'detached' });
      process.stderr.write(
        `run ${run + 1}/${RUNS}: new case -> spec ${JSON.stringify(stepsToSpecialist.at(-1))}, accept -> vet ${JSON.stringify(stepsToVet.at(-1))}\n`,
      );
    }
    await vetApi.dispose();
    console.log(
      `bench:click — ${RUNS} runs, two browser contexts, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.table([summary('accept -> vet In Progress', toVet), summary('new case -> spec Available', toSpecialist)]);
    console.log('Where the time goes (median of each step, ms):');
    console.table([
      { direction: 'accept -> vet', 'click -> mutation answered': median(mutation), ...medians(stepsToVet) },
      { direction: 'new case -> spec', ...medians(stepsToSpecialist) },
    ]);
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
