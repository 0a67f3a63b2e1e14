import { expect, type Page, test } from '@playwright/test';
import { apiSession, makeAlwaysAvailable, prepareCase } from './case-fixtures';
import { ARTIFACTS, prepareShot, SHOTS, shoot } from './screenshots';
import { freshSpecialist, freshVet, openAs, signIn, unique } from './support';

// Issue 19: urgency and the clock. A STAT consult reaches the top of the specialist's Available Cases
// (due order, soonest first) with a clock that counts down live, no reload.

test.slow();
// Two browsers, several sign-ins and screenshots on a machine shared with other runs.
test.setTimeout(240_000);

test('a STAT consult appears at the top of Available Cases with its clock counting down live', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base);
  const specialistAccount = await freshSpecialist(base, 'Neurology');
  const specialistApi = await apiSession(base, specialistAccount.username, specialistAccount.password);
  await makeAlwaysAvailable(specialistApi);
  await specialistApi.dispose();
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const target = { id: specialistAccount.id, specialty: specialistAccount.specialty };
  // A routine case first: older, but due in 48 h.
  const routine = await prepareCase(vetApi, target, unique('Routine'));
  await routine.activate();

  const context = await browser.newContext();
  const specialist = await context.newPage();
  await openAs(specialist, '/consults', specialistAccount.username, specialistAccount.password);
  const available = specialist.getByRole('region', { name: 'Available Cases' });
  const items = available.getByRole('list', { name: 'Available cases' }).getByRole('listitem');
  await expect(items).toHaveCount(1, { timeout: 20_000 });
  await expect(specialist.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });

  const stat = await prepareCase(vetApi, target, unique('Stat'), 'stat');
  await stat.activate();
  await expect(items).toHaveCount(2, { timeout: 5000 });
  const first = items.first();
  await expect(first).toContainText(`#${stat.uuid.slice(0, 8)}`);
  await expect(first.getByTestId('urgency-tag')).toHaveText('STAT');
  const clock = first.getByTestId('due-clock');
  await expect(clock).toContainText(/3 h 59 min left|4 h left/);
  await expect(clock).toHaveAttribute('data-tone', 'ok');
  const before = Number(await clock.getAttribute('data-remaining-s'));
  expect(before).toBeGreaterThan(4 * 3600 - 120);
  // Live: the clock ticks down without a reload.
  await expect
    .poll(async () => Number(await clock.getAttribute('data-remaining-s')), { timeout: 5000 })
    .toBeLessThanOrEqual(before - 2);
  await expect(items.nth(1)).toContainText(`#${routine.uuid.slice(0, 8)}`);
  await expect(items.nth(1).getByTestId('due-clock')).toContainText(/1 d 23 h|2 d/);
  await context.close();

  // Screens for review: the specialist's Available Cases and the vet's case page, both widths and themes.
  for (const shot of SHOTS) {
    const shotContext = await browser.newContext();
    const page = await shotContext.newPage();
    await prepareShot(page, shot);
    await openAs(page, '/consults', specialistAccount.username, specialistAccount.password);
    await expect(page.getByRole('region', { name: 'Available Cases' }).getByTestId('due-clock').first()).toBeVisible({
      timeout: 15_000,
    });
    await shoot(page, 'turnaround-available', shot);
    await shotContext.close();
  }
  const vetShots = await browser.newContext();
  const vetPage = await vetShots.newPage();
  await prepareShot(vetPage, SHOTS[1]);
  await openAs(vetPage, `/consults/${stat.uuid}`, vetAccount.username, vetAccount.password);
  await expect(vetPage.getByTestId('due-clock')).toBeVisible();
  await shoot(vetPage, 'turnaround-case', SHOTS[1]);
  await vetShots.close();
  await vetApi.dispose();
});

test('a cancellation refunds and updates both screens live', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base);
  const specialistAccount = await freshSpecialist(base, 'Oncology');
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const prepared = await prepareCase(vetApi, { id: specialistAccount.id, specialty: specialistAccount.specialty });
  await prepared.activate();
  const shortId = prepared.uuid.slice(0, 8);

  const specialistContext = await browser.newContext();
  const vetContext = await browser.newContext();
  const specialist = await specialistContext.newPage();
  const vet = await vetContext.newPage();
  await openAs(specialist, '/consults', specialistAccount.username, specialistAccount.password);
  const available = specialist.getByRole('region', { name: 'Available Cases' });
  await expect(available.getByText(`#${shortId}`)).toBeVisible({ timeout: 20_000 });
  await expect(specialist.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });

  await openAs(vet, `/consults/${prepared.uuid}`, vetAccount.username, vetAccount.password);
  await vet.getByRole('button', { name: 'Cancel consult' }).click();
  const dialog = vet.getByRole('dialog', { name: 'Cancel this consult?' });
  await expect(dialog).toContainText('your payment refunded in full');
  await shoot(vet, 'turnaround-cancel-dialog', SHOTS[0]);
  await dialog.getByRole('button', { name: 'Cancel consult and refund' }).click();
  await expect(vet.getByText('Consult cancelled')).toBeVisible();
  await expect(vet.getByText(/Refunded \$169\.50 CAD/)).toBeVisible();
  await expect(vet.locator('[data-status="cancelled"]').first()).toHaveText('Cancelled');
  await expect(vet.getByRole('button', { name: 'Cancel consult' })).toHaveCount(0);
  // The specialist's list drops it live, without a reload.
  await expect(available.getByText(`#${shortId}`)).toHaveCount(0, { timeout: 5000 });

  // The vet's list shows it Cancelled.
  await vet.goto('/consults');
  await expect(vet.getByRole('link', { name: new RegExp(prepared.patientName) })).toContainText('Cancelled');
  await shoot(vet, 'turnaround-cancelled-list', SHOTS[0]);
  await vet.goto(`/consults/${prepared.uuid}`);
  await expect(vet.getByText(/Refunded \$169\.50 CAD/)).toBeVisible();
  await shoot(vet, 'turnaround-cancelled-case', SHOTS[0]);
  await specialistContext.close();
  await vetContext.close();
  await vetApi.dispose();
});

// Issue 19 items D and E: decline with a reason, the vet moves the consult, and "first available".

test('a specialist declines with a reason; the vet sees it live and moves the consult to another specialist', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base);
  const declining = await freshSpecialist(base, 'Rehabilitation', 'Dr. Decline E2E');
  const taking = await freshSpecialist(base, 'Rehabilitation', 'Dr. Takeover E2E');
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const prepared = await prepareCase(vetApi, { id: declining.id, specialty: declining.specialty });
  await prepared.activate();
  const shortId = prepared.uuid.slice(0, 8);

  const specialistContext = await browser.newContext();
  const vetContext = await browser.newContext();
  const specialist = await specialistContext.newPage();
  const vet = await vetContext.newPage();
  await signIn(vet, vetAccount.username, vetAccount.password);
  await expect(vet).toHaveURL(/\/dashboard$/);
  await vet.goto(`/consults/${prepared.uuid}`);
  await expect(vet.getByTestId('due-clock')).toBeVisible();
  await expect(vet.getByTestId('specialist-needed')).toHaveCount(0);
  await expect(vet.getByRole('banner').getByRole('status').filter({ hasText: 'Live' })).toBeVisible({
    timeout: 20_000,
  });

  await signIn(specialist, declining.username, declining.password);
  await expect(specialist).toHaveURL(/\/specialist-dashboard$/);
  await specialist.goto('/consults');
  const available = specialist.getByRole('region', { name: 'Available Cases' });
  await expect(available.getByText(`#${shortId}`)).toBeVisible({ timeout: 20_000 });
  await available.getByRole('button', { name: `Decline case ${shortId}` }).click();
  const dialog = specialist.getByRole('dialog', { name: `Decline case #${shortId}?` });
  await expect(dialog.getByLabel('Reason')).toBeVisible();
  // The reason is required (the server's own rule).
  await dialog.getByRole('button', { name: 'Decline case' }).click();
  await expect(dialog.getByText('Please tell the veterinarian why you decline')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Fully booked until Monday');
  await shoot(specialist, 'routing-decline-dialog', SHOTS[0]);
  await dialog.getByRole('button', { name: 'Decline case' }).click();
  await expect(specialist.getByText('Case declined')).toBeVisible();
  await expect(available.getByText(`#${shortId}`)).toHaveCount(0, { timeout: 5000 });

  // The vet's page shows the decline and its reason live, without a reload.
  const notice = vet.getByTestId('specialist-needed');
  await expect(notice).toContainText('The specialist declined this case (Dr. Decline E2E)', { timeout: 5000 });
  await expect(notice.getByTestId('decline-reason')).toHaveText('Reason: Fully booked until Monday');
  await expect(notice.getByRole('button', { name: 'Cancel consult' })).toBeVisible();
  await notice.getByRole('button', { name: 'Choose another specialist' }).click();
  const choose = vet.getByRole('dialog', { name: 'Choose another specialist' });
  const options = choose.getByTestId('reassign-options');
  await expect(options.getByText('Dr. Takeover E2E')).toBeVisible();
  // The specialist who declined is not offered again.
  await expect(options.getByText('Dr. Decline E2E')).toHaveCount(0);
  await expect(options.getByText('First available specialist')).toBeVisible();
  await shoot(vet, 'routing-reassign-dialog', SHOTS[0]);
  await options.getByText('Dr. Takeover E2E').click();
  await choose.getByRole('button', { name: 'Send consult' }).click();
  await expect(vet.getByText('Consult moved')).toBeVisible();
  await expect(vet.getByTestId('specialist-needed')).toHaveCount(0);
  await specialistContext.close();

  // The new specialist finds it in Available Cases.
  const takerContext = await browser.newContext();
  const taker = await takerContext.newPage();
  await signIn(taker, taking.username, taking.password);
  await expect(taker).toHaveURL(/\/specialist-dashboard$/);
  await taker.goto('/consults');
  await expect(taker.getByRole('region', { name: 'Available Cases' }).getByText(`#${shortId}`)).toBeVisible({
    timeout: 20_000,
  });
  await takerContext.close();
  await vetContext.close();

  // The vet's notice for review, both widths and themes (a second declined consult).
  const second = await prepareCase(vetApi, { id: taking.id, specialty: taking.specialty });
  await second.activate();
  const takerApi = await apiSession(base, taking.username, taking.password);
  const declined = await takerApi.post(`/api/cases/${second.uuid}/decline`, {
    data: { reason: 'The owner would be better served by a neurologist first.' },
  });
  expect(declined.status()).toBe(200);
  await takerApi.dispose();
  for (const shot of SHOTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await prepareShot(page, shot);
    await signIn(page, vetAccount.username, vetAccount.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/consults/${second.uuid}`);
    await expect(page.getByTestId('specialist-needed')).toBeVisible();
    await shoot(page, 'routing-declined-case', shot);
    await context.close();
  }
  await vetApi.dispose();
});

test('a first-available consult shows to two specialists and leaves the second one’s list live when the first accepts', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base);
  const named = await freshSpecialist(base, 'Avian & Exotic Medicine');
  const [one, two] = [
    await freshSpecialist(base, 'Avian & Exotic Medicine', 'Dr. First E2E'),
    await freshSpecialist(base, 'Avian & Exotic Medicine', 'Dr. Second E2E'),
  ];
  for (const account of [one, two]) {
    const api = await apiSession(base, account.username, account.password);
    await makeAlwaysAvailable(api);
    await api.dispose();
  }
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const prepared = await prepareCase(vetApi, { id: named.id, specialty: named.specialty });
  await prepared.activate();
  const namedApi = await apiSession(base, named.username, named.password);
  expect((await namedApi.post(`/api/cases/${prepared.uuid}/decline`, { data: { reason: 'On leave' } })).status()).toBe(
    200,
  );
  await namedApi.dispose();
  const moved = await vetApi.post(`/api/cases/${prepared.uuid}/reassign`, { data: { firstAvailable: true } });
  expect(moved.status()).toBe(200);
  const shortId = prepared.uuid.slice(0, 8);

  const pages = [];
  for (const account of [one, two]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openAs(page, '/consults', account.username, account.password);
    const row = await firstAvailableRow(page, shortId);
    // Nobody holds it yet: no Decline, only Accept.
    await expect(row.getByRole('button', { name: `Decline case ${shortId}` })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });
    pages.push({ context, page, row });
  }
  const [first, second] = pages as [(typeof pages)[number], (typeof pages)[number]];
  await shoot(second.page, 'routing-first-available', SHOTS[0]);
  await first.row.getByRole('button', { name: `Accept case ${shortId}` }).click();
  await expect(first.page.getByText('Case accepted')).toBeVisible();
  // Gone from the second specialist's list, live.
  await expect(second.row).toHaveCount(0, { timeout: 5000 });
  for (const { context } of pages) await context.close();

  const vetContext = await browser.newContext();
  const vet = await vetContext.newPage();
  await signIn(vet, vetAccount.username, vetAccount.password);
  await expect(vet).toHaveURL(/\/dashboard$/);
  await vet.goto(`/consults/${prepared.uuid}`);
  await expect(vet.getByText('Dr. First E2E', { exact: true })).toBeVisible();
  await vetContext.close();
  await vetApi.dispose();
});

// Issue 19: "First available specialist" chosen on the new-consult form itself (not only by a move): the
// draft keeps the choice, the vet pays with the built-in test card, and every available specialist of the
// specialty finds the consult in Available Cases.
test('a vet sends a new consult to the first available specialist; two specialists of the specialty see it', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const specialty = 'Surgical Oncology';
  const vetAccount = await freshVet(base);
  const specialists = [
    await freshSpecialist(base, specialty, 'Dr. Early E2E'),
    await freshSpecialist(base, specialty, 'Dr. Prompt E2E'),
  ];
  for (const account of specialists) {
    const api = await apiSession(base, account.username, account.password);
    await makeAlwaysAvailable(api);
    await api.dispose();
  }

  const vetContext = await browser.newContext();
  const vet = await vetContext.newPage();
  await openAs(vet, '/consults/new', vetAccount.username, vetAccount.password);
  const patient = unique('Pip');
  await vet.getByLabel('Patient Name').fill(patient);
  await vet.getByLabel('Family Last Name').fill('Bouchard');
  await vet.getByLabel('Contact Email').fill('bouchard@example.com');
  await vet.getByLabel('Submitting DVM').fill('Dr. Fresh Vet');
  await vet.getByLabel('Species').selectOption('Canine');
  await vet.getByLabel('Sex', { exact: true }).selectOption('Male');
  await vet.getByLabel('Age', { exact: true }).fill('7');
  await vet.getByLabel('Specialty', { exact: true }).selectOption(specialty);
  const firstAvailable = vet.getByRole('radio', { name: /First available specialist/ });
  await expect(firstAvailable).toBeVisible({ timeout: 20_000 });
  await firstAvailable.check();
  await expect(vet.getByText(/Every available specialist of this specialty sees it/)).toBeVisible();
  await vet.getByLabel('Clinical Signs').fill('Firm mass on the left flank, growing over three weeks.');
  await vet.getByLabel('Specific Questions').fill('Wide excision now, or staging first?');
  await vet.getByLabel(/I accept the/).check();
  // The draft keeps the choice: it is saved, and a fresh visit of it shows First available chosen.
  await vet.getByRole('button', { name: 'Save Now' }).click();
  await expect(vet.getByTestId('draft-status')).toContainText('All changes saved', { timeout: 20_000 });
  await expect(vet).toHaveURL(/[?&]draft=/, { timeout: 20_000 });
  const uuid = new URL(vet.url()).searchParams.get('draft') ?? '';
  const saved = await vet.request.get(`/api/consults/drafts/${uuid}`);
  expect(await saved.json()).toMatchObject({ firstAvailable: true, specificSpecialistId: null, specialty });

  for (const shot of SHOTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await prepareShot(page, shot);
    await openAs(page, `/consults/new?draft=${uuid}`, vetAccount.username, vetAccount.password);
    await expect(page.getByRole('radio', { name: /First available specialist/ })).toBeChecked({ timeout: 20_000 });
    // The "Draft restored" toast would cover the list in the pictures.
    const restored = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Close' });
    if (await restored.first().isVisible()) await restored.first().click();
    const section = page.getByRole('region', { name: 'Specialist Selection' });
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'consult-form-first-available', shot);
    await section.screenshot({
      path: `${ARTIFACTS}/consult-form-first-available-section-${shot.theme}-${shot.width}.png`,
    });
    await context.close();
  }

  await vet.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = vet.getByRole('dialog', { name: 'New Consultation Payment' });
  await expect(dialog.getByText('Consultation fee')).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(vet.getByText('Your consult has been submitted successfully')).toBeVisible({ timeout: 20_000 });
  await expect(vet).toHaveURL(new RegExp(`/consults/${uuid}$`));
  await vetContext.close();

  const shortId = uuid.slice(0, 8);
  for (const account of specialists) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openAs(page, '/consults', account.username, account.password);
    const row = await firstAvailableRow(page, shortId);
    await expect(row.getByRole('button', { name: `Accept case ${shortId}` })).toBeVisible();
    await context.close();
  }
});

/** The specialist's Available Cases row of a first-available case, once it is listed as such. */
async function firstAvailableRow(page: Page, shortId: string) {
  const row = page
    .getByRole('region', { name: 'Available Cases' })
    .getByRole('listitem')
    .filter({ hasText: `#${shortId}` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('First available specialist')).toBeVisible();
  return row;
}
