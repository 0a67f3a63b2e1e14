import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { apiSession, NGUYEN, PATEL } from './case-fixtures';
import { reviewedCase } from './revisit-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshSpecialist, openAs, signInByApi, VET } from './support';

// Issue 22 item 7: money and time as the reader expects them.
// - Prices show in the currency the server priced them in (whatever the page received from
//   create-payment-intent), and a tax line only where tax applies: none for a US clinic (Harborview,
//   Seattle WA), HST for a Canadian one (Maple Grove, Toronto ON).
// - "Next available" of a specialist is shown in the viewer's time zone, with the specialist's own
//   local time as a hint.

interface PriceResponse {
  currency: string;
  totalAmount: number;
  taxAmount?: number | null;
  province?: string | null;
}

// The machine is shared and slow; sign-in alone can take seconds.
test.describe.configure({ timeout: 120_000 });

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100);

/** Fills the revisit form and opens the payment panel; answers what createPaymentIntent returned. */
async function openRevisitPayment(page: Page, uuid: string): Promise<PriceResponse> {
  await page.goto(`/consults/revisit/${uuid}`);
  await page.getByLabel('New Clinical Signs or Updates').fill('Cough persists at night, appetite normal.');
  await page.getByLabel('New Questions').fill('Should we repeat thoracic radiographs this week?');
  await page.getByLabel(/I accept the terms/).check();
  const priced = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      response.ok() &&
      response.request().postDataJSON()?.operationName === 'CreatePaymentIntent',
  );
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const answer = (await (await priced).json()) as { data: { createPaymentIntent: PriceResponse } };
  const body = answer.data.createPaymentIntent;
  await expect(page.getByTestId('payment-total')).toBeVisible();
  return body;
}

async function expectPriceAsServed(page: Page, body: PriceResponse) {
  const summary = page.getByLabel('Price summary');
  const code = body.currency.toUpperCase();
  await expect(page.getByTestId('payment-total')).toHaveText(`${money(body.totalAmount, body.currency)} ${code}`);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveText(
    `Pay ${money(body.totalAmount, body.currency)} ${code}`,
  );
  // No other currency code anywhere in the summary (today's "$150.00 CAD" for a US clinic).
  const otherCodes = ['CAD', 'USD'].filter((other) => other !== code);
  for (const other of otherCodes) await expect(summary).not.toContainText(other);
}

test('a US clinic sees no tax line; every amount in the currency the server priced', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const kase = await reviewedCase(baseURL ?? '', NGUYEN, PATEL);
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    if (shot === SHOTS[0]) await signInByApi(page, NGUYEN.username);
    const body = await openRevisitPayment(page, kase.uuid);
    expect(body.taxAmount ?? 0).toBe(0);
    await expect(page.getByLabel('Price summary')).not.toContainText('Tax');
    await expectPriceAsServed(page, body);
    await shoot(page, 'payment-us-clinic', shot);
  }
});

test('a Canadian clinic sees its HST line; every amount in the currency the server priced', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, VET.username);
  const cases = (await (await page.request.get('/api/cases')).json()) as Array<{ uuid: string; status: string }>;
  const reviewed = cases.find((c) => c.status === 'reviewed');
  expect(reviewed).toBeTruthy();
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    const body = await openRevisitPayment(page, reviewed?.uuid ?? '');
    expect(body.taxAmount).toBeGreaterThan(0);
    await expect(page.getByLabel('Price summary')).toContainText('Tax (ON 13.0%)');
    await expectPriceAsServed(page, body);
    await shoot(page, 'payment-ca-clinic', shot);
  }
});

test('next available: in the viewer’s time zone, with the specialist’s local time as a hint', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  // A Toronto specialist (the default zone) whose only slot is three days ahead: away now.
  const specialist = await freshSpecialist(base, 'Neurology', `Dr. Zone ${Date.now().toString(36)}`);
  const api = await apiSession(base, specialist.username, specialist.password);
  const torontoWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Toronto' }).format(
    new Date(),
  );
  const today = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(torontoWeekday);
  const slot = await api.post('/api/availability', {
    data: { specialistId: specialist.id, dayOfWeek: (today + 3) % 7, startTime: '09:00', endTime: '10:00' },
  });
  expect(slot.ok(), await slot.text()).toBe(true);
  await api.dispose();

  const directory = await playwrightRequest.newContext({ baseURL: base });
  await directory.post('/api/auth/login', { data: { username: NGUYEN.username, password: 'demo-pass-2026' } });
  const listed = (await (await directory.get('/api/user/specialists?specialty=Neurology')).json()) as Array<{
    id: number;
    nextAvailableAt: string;
    timezone: string;
  }>;
  await directory.dispose();
  const row = listed.find((s) => s.id === specialist.id);
  expect(row?.timezone).toBe('America/Toronto');
  const at = new Date(row?.nextAvailableAt ?? '');
  const seattle = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'America/Los_Angeles',
  }).format(at);
  const toronto = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'America/Toronto',
  }).format(at);
  expect(toronto).toMatch(/^9:00 AM E[SD]T$/);

  // Dr. Nguyen's profile says America/Los_Angeles (Seattle).
  await openAs(page, '/consults/new', NGUYEN.username);
  await page.getByLabel('Specialty', { exact: true }).selectOption('Neurology');
  const item = page.getByTestId('specialist-list').locator('label').filter({ hasText: specialist.name });
  await expect(item).toContainText('Away');
  await expect(item).toContainText(`Next available: ${seattle} (${toronto} specialist's time)`);
});
