import { expect as baseExpect, type Page, test } from '@playwright/test';
import { apiSession, NGUYEN, PATEL } from './case-fixtures';
import { reviewedCaseWithRevisit } from './revisit-fixtures';
import { ARTIFACTS, prepareShot, SHOTS, shoot } from './screenshots';
import { ADMIN, FRESH_PASSWORD, freshSpecialist, freshVet, openAs, signInByApi } from './support';

// The machine the specs run on is shared and often overloaded: allow slow renders.
const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 22 item 9: one confirmation dialog everywhere, slot removal asks first, toasts above modal
// overlays, one short id per case, initials computed once, no "0 time slots" beside "No availability
// set", no veterinarian onboarding card for the administrator, and a revisit shows its original case
// (summary and files) inline.

test.describe.configure({ timeout: 120_000 });

function toastWith(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** The visible toast with this title is drawn above everything at its centre (not under a modal's backdrop). */
async function expectToastOnTop(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate((title) => {
          const region = document.querySelector('section[aria-label^="Notifications"]');
          const toast = Array.from(region?.querySelectorAll('li') ?? []).find(
            (item) => !item.hidden && item.getAttribute('aria-hidden') !== 'true' && item.textContent?.includes(title),
          );
          if (!toast) return 'no such toast';
          const box = toast.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top && region?.contains(top) ? 'on top' : `covered by ${top?.tagName ?? 'nothing'}`;
        }, text),
      { timeout: 20_000 },
    )
    .toBe('on top');
}

test('Clear Draft asks with the app’s confirmation dialog, never the browser’s', async ({ page, baseURL }) => {
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  const draft = await page.request.post('/api/consults/drafts', { data: { patientName: 'Clearme' } });
  const { uuid } = (await draft.json()) as { uuid: string };
  const native: string[] = [];
  page.on('dialog', (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByTestId('draft-status')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Clear Draft' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete draft' });
  // (The dialog element itself has no box: its backdrop and panel are fixed layers inside it.)
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(confirm).toContainText('Are you sure you want to delete this draft? This action cannot be undone.');
  expect(native).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await page.request.get(`/api/consults/drafts/${uuid}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Clear Draft' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect.poll(async () => (await page.request.get(`/api/consults/drafts/${uuid}`)).status()).toBe(404);
  expect(native).toEqual([]);
});

test('availability: a slot is removed only after confirming; toasts show above dialogs; no "0 time slots"', async ({
  page,
  baseURL,
}) => {
  const specialist = await freshSpecialist(baseURL ?? '', 'Dermatology');
  const api = await apiSession(baseURL ?? '', specialist.username, FRESH_PASSWORD);
  const added = await api.post('/api/availability', {
    data: { specialistId: specialist.id, dayOfWeek: 1, startTime: '09:00', endTime: '17:00' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await api.dispose();

  await openAs(page, '/availability', specialist.username, specialist.password);
  const slot = page.getByText('9:00 AM – 5:00 PM');
  await expect(slot).toBeVisible();

  // The existing Add Availability dialog: its refusal toast is drawn above the dialog's backdrop.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Add Availability' }).click();
  const add = page.getByRole('dialog', { name: 'Add Availability' });
  await add.getByLabel('Day', { exact: true }).selectOption('1');
  await add.getByRole('button', { name: 'Add Availability' }).click();
  await expectToastOnTop(page, 'Time conflict');
  await add.getByRole('button', { name: 'Cancel' }).click();

  // Delete asks first; Cancel keeps the slot.
  const deleteButton = page.getByRole('button', { name: 'Delete 9:00 AM – 5:00 PM on Monday' });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Remove time slot' });
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(confirm).toContainText('Remove 9:00 AM – 5:00 PM on Mondays?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(slot).toBeVisible();

  // A failed removal keeps the question open, with its toast above it.
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('DeleteAvailabilitySlot')) {
      await route.fulfill({ json: { errors: [{ message: 'Failed to remove availability' }], data: null } });
    } else {
      await route.fallback();
    }
  });
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToastOnTop(page, 'Error removing availability');
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeVisible();
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width > 400 ? 900 : 812 });
    await page.evaluate((theme) => {
      document.documentElement.classList.toggle('dark', theme === 'dark');
    }, shot.theme);
    // A fresh failure per picture: a toast leaves after its 5 s.
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToastOnTop(page, 'Error removing availability');
    await page.screenshot({ path: `${ARTIFACTS}/confirm-with-toast-${shot.theme}-${shot.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.unroute('**/graphql');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toastWith(page, 'Availability removed')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('No availability set for Monday')).toBeVisible();

  // The calendar: a weekday without slots says "No availability set", not also "0 time slots".
  await page.getByRole('tab', { name: 'Calendar View' }).click();
  await page
    .getByRole('button', { name: /^Monday, / })
    .nth(1)
    .click();
  await expect(page.getByText('No availability set', { exact: true })).toBeVisible();
  await expect(page.getByText(/\b0 time slots?\b/)).toHaveCount(0);
});

test('initials are computed once: the frame and the administrator’s list agree', async ({ page, browser }) => {
  await openAs(page, '/dashboard', NGUYEN.username);
  await expect(page.getByTestId('frame-avatar')).toHaveText('DKN'); // Dr. Kevin Nguyen

  const context = await browser.newContext();
  const admin = await context.newPage();
  await openAs(admin, '/dashboard', ADMIN.email, ADMIN.password);
  // The administrator gets no onboarding card (its steps speak to veterinarians and specialists).
  await expect(admin.getByRole('heading', { name: 'Recent Consults' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Getting Started' })).toHaveCount(0);
  await admin.goto('/admin/users');
  const card = admin.getByTestId('user-card').filter({ hasText: 'Dr. Kevin Nguyen' });
  await expect(card).toContainText('DKN');
  await context.close();
});

test('a revisit: one short id everywhere, and the original case’s summary and files inline', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { original, revisit } = await reviewedCaseWithRevisit(baseURL ?? '', NGUYEN, PATEL);
  const displayId = `${revisit.uuid.slice(0, 8)}-R1`;
  await openAs(page, '/dashboard', NGUYEN.username);

  // The dashboard's recent list and the consult list show the same id as the case page.
  const recent = page.getByRole('link', { name: new RegExp(revisit.uuid.slice(0, 8)) });
  await expect(recent).toContainText(`#${displayId}`, { timeout: 15_000 });
  await page.goto('/consults');
  await expect(page.getByText(`#${displayId}`).first()).toBeVisible();

  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.goto(`/consults/${revisit.uuid}`);
    await expect(page.getByText(displayId, { exact: true })).toBeVisible({ timeout: 20_000 });
    const inline = page.getByRole('region', { name: `Original Case #${original.uuid.slice(0, 8)}` });
    await expect(inline).toContainText(original.summary);
    await expect(inline.getByRole('button', { name: `Download ${original.fileName}` })).toBeVisible();
    await expect(inline.getByRole('link', { name: 'Open original case' })).toHaveAttribute(
      'href',
      `/consults/${original.uuid}`,
    );
    await shoot(page, 'revisit-original-inline', shot);
  }
});
