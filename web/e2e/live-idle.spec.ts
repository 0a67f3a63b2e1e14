import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { POLLING_MS } from '@vetconsult/schema/values';
import { switchableSocket } from './socket-switch';
import { freshSpecialist, freshVet, openAs } from './support';

// SPEC §9 polling is only the fallback while the GraphQL WebSocket is down (web/src/lib/live-query.ts):
// with the socket up an idle screen makes no HTTP request at all; when the socket drops the indicator
// leaves "Live" and polling starts; when it is back, "Live" returns and polling stops. A socket whose
// server silently vanished is detected by the client's keepAlive ping (web/src/lib/apollo-client.ts).
// Every test waits in real time (the slowest polling is 30 s): fresh accounts, and parallel tests.

test.slow();
test.describe.configure({ mode: 'parallel' });

/** The client's ping period and pong timeout (web/src/lib/apollo-client.ts). */
const KEEP_ALIVE_MS = 12_000;
const PONG_TIMEOUT_MS = 5_000;
/** Scheduling slack on a busy 2-core machine. */
const SLACK_MS = 3_000;

interface ApiRequest {
  at: number;
  path: string;
  operation: string;
}

/** Records the page's HTTP requests to the API (/graphql, /api/...); WebSocket frames are not requests. */
function recordApiRequests(page: Page): ApiRequest[] {
  const requests: ApiRequest[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path !== '/graphql' && !path.startsWith('/api/')) return;
    let operation = '';
    try {
      operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '';
    } catch {
      // not JSON (an upload, a GET)
    }
    requests.push({ at: Date.now(), path, operation });
  });
  return requests;
}

/** A measurement for the report (the JSON and HTML reporters show annotations). */
function measured(description: string): void {
  test.info().annotations.push({ type: 'measured', description });
}

const live = (page: Page) => page.getByRole('status').filter({ hasText: 'Live' });
const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconnecting' });

/** An approved specialist on /consults, where Available Cases is the 15 s polled list, with "Live" shown. */
async function specialistOnConsults(page: Page, baseURL: string): Promise<void> {
  const specialist = await freshSpecialist(baseURL, 'Internal Medicine');
  await openAs(page, '/consults', specialist.username, specialist.password);
  await expect(
    page.getByRole('region', { name: 'Available Cases' }).getByRole('heading', { name: 'Available Cases' }),
  ).toBeVisible();
  await expect(live(page)).toBeVisible();
}

test('idle screens with the socket up make no HTTP request over a full polling period', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const longestPolling = Math.max(POLLING_MS.cases, POLLING_MS.availableCases, POLLING_MS.stats);
  const vetContext = await browser.newContext();
  const specialistContext = await browser.newContext();
  const vetPage = await vetContext.newPage();
  const specialistPage = await specialistContext.newPage();
  const pages = [
    { name: 'vet /dashboard', page: vetPage },
    { name: 'specialist /consults', page: specialistPage },
  ].map((entry) => {
    const pings: number[] = [];
    const closes: number[] = [];
    entry.page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('"ping"')) pings.push(Date.now());
      });
      socket.on('close', () => closes.push(Date.now()));
    });
    return { ...entry, requests: recordApiRequests(entry.page), pings, closes };
  });

  const vet = await freshVet(base);
  await openAs(vetPage, '/dashboard', vet.username, vet.password);
  await expect(vetPage.getByRole('heading', { name: 'Recent Consults' })).toBeVisible();
  await expect(live(vetPage)).toBeVisible();
  await specialistOnConsults(specialistPage, base);

  // From here on both screens are loaded and live: nothing may happen over HTTP for a full polling period.
  const start = Date.now();
  await vetPage.waitForTimeout(longestPolling + 3_000);

  for (const { name, page, requests, pings, closes } of pages) {
    const idle = requests.filter((r) => r.at >= start);
    measured(
      `${name}: ${idle.length} API requests in ${Date.now() - start} ms idle (${requests.length} while loading)`,
    );
    expect(idle, `${name}: ${JSON.stringify(idle)}`).toEqual([]);
    await expect(live(page), name).toBeVisible();
    expect(
      closes.filter((at) => at >= start),
      `${name}: the socket stayed open`,
    ).toEqual([]);
    // The keepAlive pings were answered by the real server (or the socket would have been closed).
    expect(pings.filter((at) => at >= start).length, `${name}: keepAlive pings`).toBeGreaterThanOrEqual(2);
  }
  await vetContext.close();
  await specialistContext.close();
});

/** A specialist on /consults whose socket has just been refused: "Reconnecting" shows, requests are recorded. */
async function socketDroppedOnConsults(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const network = await switchableSocket(context);
  const page = await context.newPage();
  await specialistOnConsults(page, baseURL);
  const requests = recordApiRequests(page);
  const downAt = Date.now();
  await network.down();
  await expect(reconnecting(page)).toBeVisible({ timeout: 2_000 });
  return { context, network, page, requests, downAt };
}

test('when the socket drops, "Live" goes and Available Cases polls every 15 s', async ({ browser, baseURL }) => {
  const { context, network, page, requests, downAt } = await socketDroppedOnConsults(browser, baseURL ?? '');
  await expect(live(page)).toHaveCount(0);
  await expect
    .poll(() => requests.filter((r) => r.operation === 'AvailableCases').length, {
      timeout: POLLING_MS.availableCases + SLACK_MS,
      intervals: [250],
    })
    .toBeGreaterThan(0);
  const firstPoll = requests.find((r) => r.operation === 'AvailableCases');
  expect(firstPoll?.at ?? 0).toBeGreaterThanOrEqual(downAt + POLLING_MS.availableCases - 1_000);

  // Back up: graphql-ws retries with a growing delay (up to ~16 s after this many refusals).
  const upAt = Date.now();
  network.up();
  await expect(live(page)).toBeVisible({ timeout: 20_000 });
  measured(
    `socket down: first AvailableCases poll after ${(firstPoll?.at ?? 0) - downAt} ms, ` +
      `${requests.length} API requests while down; "Live" back ${Date.now() - upAt} ms after the socket was allowed`,
  );
  await context.close();
});

test('when the socket comes back, "Live" returns and polling stops', async ({ browser, baseURL }) => {
  const { context, network, page, requests, downAt } = await socketDroppedOnConsults(browser, baseURL ?? '');
  // Polling started now: a poll is due at downAt + 15 s unless the reconnect stops it.
  network.up();
  await expect(live(page)).toBeVisible({ timeout: 6_000 });
  const liveAt = Date.now();
  // The reconnect refetches once to catch up on missed events; after that, nothing until past the poll.
  await page.waitForTimeout(Math.max(0, downAt + POLLING_MS.availableCases + SLACK_MS - Date.now()));
  const afterCatchUp = requests.filter((r) => r.at > liveAt + 1_500);
  measured(
    `socket back after ${liveAt - downAt} ms: requests until ${Date.now() - downAt} ms: ` +
      JSON.stringify(requests.map((r) => `${r.operation || r.path} @${r.at - downAt}`)),
  );
  expect(afterCatchUp, JSON.stringify(requests)).toEqual([]);
  expect(requests.filter((r) => r.operation === 'AvailableCases').length).toBeLessThanOrEqual(1);
  await expect(live(page)).toBeVisible();
  await context.close();
});

test('a socket that silently stops answering is closed after the pong timeout and replaced', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const network = await switchableSocket(context);
  const page = await context.newPage();
  await specialistOnConsults(page, baseURL ?? '');
  // The sockets of the pages before (sign-in, the specialist dashboard) may take a moment to close.
  await expect.poll(() => network.openCount()).toBe(1);

  // Half-open: no frame passes either way and nothing closes, as when the server or network vanishes.
  const silentAt = Date.now();
  const [silenced] = network.silence();
  await expect(reconnecting(page)).toBeVisible({ timeout: KEEP_ALIVE_MS + PONG_TIMEOUT_MS + SLACK_MS });
  const detectedAfter = Date.now() - silentAt;
  measured(`half-open socket: "Reconnecting" shown ${detectedAfter} ms after it went silent`);
  expect(detectedAfter).toBeGreaterThanOrEqual(PONG_TIMEOUT_MS - 500);
  // The first close is the client's (graphql-ws then also calls close(4499), a no-op on a closing socket
  // in a browser, which Playwright's routed socket records all the same).
  expect(silenced?.pageCloses[0]).toEqual({ code: 4408, reason: 'Pong timeout' });

  // The network is fine for new sockets: the client reconnects at once (first retry: at most 4 s).
  await expect(live(page)).toBeVisible({ timeout: 6_000 });
  expect(network.openCount()).toBe(1);
  await context.close();
});
