import { expect, test } from '@playwright/test';
import { apiSession, makeAlwaysAvailable, prepareCase } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshSpecialist, freshVet, openAs, unique } from './support';

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
