import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openAs, VET } from './support';

// /availability (SPEC §2, §5, §8, §9): weekly schedule, quick buttons, calendar view, access rule.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');

// The machine is shared and slow; sign-in alone can take seconds.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function openAvailability(page: Page, username: string) {
  await openAs(page, '/availability', username);
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Weekly Schedule' })).toHaveAttribute('aria-selected', 'true');
}

/** A toast's text. Not by role: while a modal dialog is open the rest of the page is hidden from the tree. */
function toastWith(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

test('a specialist adds slots, sees the conflict and range errors, and removes a slot', async ({ page }) => {
  await openAvailability(page, 'dr.okafor');

  // Monday (tab 1) is selected by default and carries the seeded 9-5 slot.
  await expect(page.getByRole('tab', { name: /Monday/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /Monday/ })).toContainText('Monday');
  await expect(page.getByRole('tab', { name: 'Monday (has availability)' })).toBeVisible();
  await expect(page.getByText('9:00 AM – 5:00 PM')).toBeVisible();
  await expect(page.getByText('8h', { exact: true })).toBeVisible();

  // Sunday has nothing yet.
  await page.getByRole('tab', { name: 'Sunday' }).click();
  await expect(page.getByText('No availability set for Sunday')).toBeVisible();

  const addSlot = async (start: string, end: string) => {
    await page.getByRole('tabpanel').getByRole('button', { name: 'Add Availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Availability' });
    await expect(dialog.getByLabel('Day', { exact: true })).toHaveValue('0');
    await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
    await expect(dialog.getByLabel('End time')).toHaveValue('17:00');
    await dialog.getByLabel('Start time').selectOption(start);
    await dialog.getByLabel('End time').selectOption(end);
    await dialog.getByRole('button', { name: 'Add Availability' }).click();
    return dialog;
  };

  await addSlot('09:00', '12:30');
  await expect(toastWith(page, 'Availability added for Sunday')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('9:00 AM – 12:30 PM')).toBeVisible();
  await expect(page.getByText('3h 30m')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sunday (has availability)' })).toBeVisible();

  // Overlapping (starts inside the existing slot): refused before any call.
  const dialog = await addSlot('10:00', '11:00');
  await expect(toastWith(page, 'Time conflict')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Time conflict: This time slot overlaps with an existing availability',
  );
  await expect(toastWith(page, 'This time slot overlaps with an existing availability')).toBeVisible();

  // End before start.
  await dialog.getByLabel('Start time').selectOption('15:00');
  await dialog.getByLabel('End time').selectOption('14:00');
  await dialog.getByRole('button', { name: 'Add Availability' }).click();
  await expect(toastWith(page, 'Invalid time range')).toBeVisible();
  await expect(toastWith(page, 'End time must be after start time')).toBeVisible();

  // The all-day option, sorted before nothing (it encloses the morning slot: conflict).
  await dialog.getByLabel('All day (12:00 AM – 11:59 PM)').check();
  await dialog.getByRole('button', { name: 'Add Availability' }).click();
  await expect(toastWith(page, 'Time conflict')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A second, later slot is listed after the first (sorted by start time).
  await addSlot('13:00', '15:00');
  await expect(toastWith(page, 'Availability added for Sunday')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Sunday time slots' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('9:00 AM – 12:30 PM');
  await expect(rows.nth(1)).toContainText('1:00 PM – 3:00 PM');

  await page.getByRole('button', { name: 'Delete 9:00 AM – 12:30 PM on Sunday' }).click();

  await page.getByRole('dialog', { name: 'Remove time slot' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toastWith(page, 'Availability removed')).toBeVisible();
  await page.getByRole('button', { name: 'Delete 1:00 PM – 3:00 PM on Sunday' }).click();
  await page.getByRole('dialog', { name: 'Remove time slot' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No availability set for Sunday')).toBeVisible();

  // The state survives a reload (it is the server's).
  await page.reload();
  await page.getByRole('tab', { name: 'Sunday' }).click();
  await expect(page.getByText('No availability set for Sunday')).toBeVisible();
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the quick buttons add the usual hours for the selected day', async ({ page }) => {
    await openAvailability(page, 'dr.mbeki');
    // Narrow tabs show short day names.
    await page.getByRole('tab', { name: /^Sun/ }).click();
    await expect(page.getByRole('tab', { name: /^Sun/ })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '9AM-5PM' }).click();
    await expect(toastWith(page, 'Availability added for Sunday')).toBeVisible();
    await expect(page.getByText('9:00 AM – 5:00 PM')).toBeVisible();

    await page.getByRole('button', { name: '8AM-6PM' }).click();
    await expect(toastWith(page, 'Time conflict')).toBeVisible();

    await page.getByRole('button', { name: 'Delete 9:00 AM – 5:00 PM on Sunday' }).click();

    await page.getByRole('dialog', { name: 'Remove time slot' }).getByRole('button', { name: 'Remove' }).click();
    await expect(toastWith(page, 'Availability removed')).toBeVisible();
    await page.getByRole('button', { name: '8AM-6PM' }).click();
    await expect(page.getByText('8:00 AM – 6:00 PM')).toBeVisible();
    await expect(page.getByText('10h', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Delete 8:00 AM – 6:00 PM on Sunday' }).click();
    await page.getByRole('dialog', { name: 'Remove time slot' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No availability set for Sunday')).toBeVisible();
  });
});

test('the calendar view shows the chosen weekday and adds and deletes a slot', async ({ page }) => {
  await openAvailability(page, 'dr.patel');
  await page.getByRole('tab', { name: 'Calendar View' }).click();

  // Pick a Sunday of the month shown.
  await page
    .getByRole('button', { name: /^Sunday, / })
    .nth(1)
    .click();
  // Only the empty box speaks: no "0 time slots currently set" beside "No availability set".
  await expect(page.getByTestId('slot-count')).toHaveCount(0);
  await expect(page.getByText('No availability set', { exact: true })).toBeVisible();
  await expect(page.getByText('Tap "Add Time Slot" to set your availability')).toBeVisible();

  await page.getByRole('button', { name: 'Add Time Slot' }).click();
  const form = page.getByRole('form', { name: 'Add time slot' });
  await expect(form.getByLabel('Start time')).toHaveValue('09:00');
  await expect(form.getByLabel('End time')).toHaveValue('17:00');
  await form.getByLabel('Start time').selectOption('07:15');
  await form.getByLabel('End time').selectOption('08:45');
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(toastWith(page, 'Availability added')).toBeVisible();
  await expect(page.getByText('1 time slot currently set')).toBeVisible();
  await expect(page.getByText('7:15 AM – 8:45 AM')).toBeVisible();
  await expect(page.getByText('1h 30m')).toBeVisible();

  // A Monday shows the seeded weekday slot instead.
  await page
    .getByRole('button', { name: /^Monday, / })
    .nth(1)
    .click();
  await expect(page.getByText('9:00 AM – 5:00 PM')).toBeVisible();

  await page
    .getByRole('button', { name: /^Sunday, / })
    .nth(1)
    .click();
  await page.getByRole('button', { name: 'Delete 7:15 AM – 8:45 AM on Sunday' }).click();
  await page.getByRole('dialog', { name: 'Remove time slot' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toastWith(page, 'Availability removed')).toBeVisible();
  await expect(page.getByText('No availability set', { exact: true })).toBeVisible();

  // The weekly tabs see the same data.
  await page.getByRole('tab', { name: 'Weekly Schedule' }).click();
  await page.getByRole('tab', { name: 'Sunday' }).click();
  await expect(page.getByText('No availability set for Sunday')).toBeVisible();
});

test('a veterinarian opening /availability goes to the dashboard with the alert', async ({ page }) => {
  await openAs(page, '/availability', VET.username);
  await expect(page).toHaveURL(/\/dashboard$/);
  const alert = page.getByRole('alert').filter({ hasText: 'Access Denied' });
  await expect(alert).toContainText('Only specialists can access the availability page.');
});

test('/availability has no serious accessibility violations; screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  await mkdir(ARTIFACTS, { recursive: true });
  await openAvailability(page, 'dr.patel');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: 'Calendar View' }).click();
  await expect(page.getByRole('button', { name: 'Add Time Slot' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto('/availability');
      await expect(page.getByRole('tab', { name: 'Weekly Schedule' })).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/availability-weekly-${theme}-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Calendar View' }).click();
      await expect(page.getByRole('button', { name: 'Add Time Slot' })).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/availability-calendar-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/availability');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Add Availability' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Add Availability' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${ARTIFACTS}/availability-dialog-dark-1280.png` });
});
