import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createVet, openAs, signIn, signOut, VET } from './support';

// /settings (SPEC §2): read-only account, a real password change, notification preferences stored per user.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');

// The machine is shared and slow; sign-in alone can take seconds.
test.describe.configure({ timeout: 90_000 });

/** A toast's text. Not by role: while a modal dialog is open the rest of the page is hidden from the tree. */
function toastWith(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

test('the account tab is read-only with a note to contact support', async ({ page }) => {
  await openAs(page, '/dashboard', VET.username);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(VET.email);
  await expect(panel).toContainText('Veterinarian');
  await expect(panel).toContainText('To change your account details, please contact support.');
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
});

test('a user changes their password and signs in with the new one', async ({ page, request }) => {
  const vet = await createVet(request, 'first-pass-123');
  await openAs(page, '/settings', vet.username, 'first-pass-123');
  await page.getByRole('tab', { name: 'Password' }).click();

  // All three are required; the confirmation must match.
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await page.getByLabel('Current Password').fill('wrong-pass-000');
  await page.getByLabel('New Password', { exact: true }).fill('second-pass-456');
  await page.getByLabel('Confirm New Password').fill('something-else');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm New Password').fill('second-pass-456');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current Password').fill('first-pass-123');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed successfully.' }).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  await signOut(page);
  await signIn(page, vet.username, 'second-pass-456');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('notification preferences are saved per user', async ({ page, request }) => {
  const vet = await createVet(request, 'notify-pass-123');
  await openAs(page, '/settings', vet.username, 'notify-pass-123');
  await page.getByRole('tab', { name: 'Notifications' }).click();

  const newCases = page.getByLabel('New case notifications');
  const statusUpdates = page.getByLabel('Case status updates');
  const reminders = page.getByLabel('Reminder notifications');
  for (const box of [newCases, statusUpdates, reminders]) await expect(box).toBeChecked();

  await reminders.uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toastWith(page, 'Preferences saved')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByLabel('Reminder notifications')).not.toBeChecked();
  await expect(page.getByLabel('New case notifications')).toBeChecked();
});

test('/settings has no serious accessibility violations; screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  await mkdir(ARTIFACTS, { recursive: true });
  // On the app's origin before the first localStorage write below.
  await openAs(page, '/settings', VET.username);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto('/settings');
      await expect(page.getByRole('tab', { name: 'Account' })).toBeVisible();
      for (const tab of ['Account', 'Password', 'Notifications']) {
        await page.getByRole('tab', { name: tab }).click();
        if (tab === 'Notifications') await expect(page.getByLabel('New case notifications')).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious, `${tab} ${theme} ${width}`).toEqual([]);
        await page.screenshot({
          path: `${ARTIFACTS}/settings-${tab.toLowerCase()}-${theme}-${width}.png`,
          fullPage: true,
        });
      }
    }
  }
});
