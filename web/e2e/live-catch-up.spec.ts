import { expect, type Page, test } from '@playwright/test';
import { POLLING_MS } from '@vetconsult/schema/values';
import { apiSession, createPendingCase } from './case-fixtures';
import { switchableSocket } from './socket-switch';
import { freshSpecialist, freshVet, openAs } from './support';

// A live screen whose socket was down catches up when it reconnects (web/src/lib/live-query.ts): the
// event of a change made meanwhile was never delivered, so the reconnect refetches the screen's query
// once. Shown on the case detail, which before had no such catch-up and kept the old status until a reload.

// Two accounts and an API-built case on a shared 2-core machine: triple the timeout.
test.slow();

// The header's indicator: the case page's conversation shows one of its own.
const live = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: 'Live' });
const reconnecting = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: 'Reconnecting' });

test('the case detail shows a change made while its socket was down once the socket is back, without reload', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const vet = await freshVet(base);
  const specialist = await freshSpecialist(base, 'Internal Medicine');
  const kase = await createPendingCase(base, vet, specialist);

  const context = await browser.newContext();
  const network = await switchableSocket(context);
  const page = await context.newPage();
  await openAs(page, `/consults/${kase.uuid}`, vet.username, vet.password);
  const status = page.locator('[data-status]').first();
  await expect(status).toHaveText('Pending');
  await expect(live(page)).toBeVisible();
  // Only the case page's socket is left (the dashboard's closes with the page it served).
  await expect.poll(() => network.openCount()).toBe(1);

  const caseRequests: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'CaseDetail') caseRequests.push(Date.now());
  });

  const downAt = Date.now();
  await network.down();
  await expect(reconnecting(page)).toBeVisible({ timeout: 2_000 });

  // The specialist accepts while the veterinarian's socket is down: the caseUpdated event is lost.
  const specialistApi = await apiSession(base, specialist.username, specialist.password);
  const accepted = await specialistApi.post(`/api/cases/${kase.uuid}/accept`);
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await specialistApi.dispose();
  await expect(status).toHaveText('Pending');

  network.up();
  await expect(live(page)).toBeVisible({ timeout: 10_000 });
  const liveAt = Date.now();
  await expect(status).toHaveText('In Progress', { timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Accept Case' })).toHaveCount(0);

  // It was the reconnect's refetch, not the fallback polling (due only POLLING_MS.cases after the drop).
  const shownAt = Date.now();
  test.info().annotations.push({
    type: 'measured',
    description:
      `socket down ${liveAt - downAt} ms; new status shown ${shownAt - liveAt} ms after "Live" returned; ` +
      `CaseDetail requests at ${JSON.stringify(caseRequests.map((at) => at - downAt))} ms after the drop`,
  });
  expect(shownAt - downAt).toBeLessThan(POLLING_MS.cases);
  expect(caseRequests.filter((at) => at >= liveAt - 1_000)).toHaveLength(1);
  await context.close();
});
