import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSession, prepareCase } from './case-fixtures';
import { ARTIFACTS, prepareShot, SHOTS } from './screenshots';
import { type FreshAccount, freshSpecialist, freshVet, signIn, unique } from './support';

// The in-app notification bell (issue 14): the count rises live when a vet's case reaches the specialist,
// the panel lists the notification, and opening the case marks it read.

test.slow();

const bell = (page: Page) => page.getByTestId('notification-bell');

async function openAs(browser: Browser, account: FreshAccount, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(landing);
  return page;
}

test("a specialist's bell counts a case sent to them live; clicking it or opening the case marks it read", async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base);
  const specialistAccount = await freshSpecialist(base, 'Internal Medicine');
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const target = { id: specialistAccount.id, specialty: specialistAccount.specialty };
  const first = await prepareCase(vetApi, target, unique('Bell'));
  const second = await prepareCase(vetApi, target, unique('Bell'));
  const third = await prepareCase(vetApi, target, unique('Bell'));

  // The veterinarian, in a second browser: nothing for them yet.
  const vet = await openAs(browser, vetAccount, /\/dashboard$/);
  await expect(bell(vet)).toHaveAccessibleName('Notifications');
  await bell(vet).click();
  await expect(vet.getByText("You're all caught up.")).toBeVisible();

  const specialist = await openAs(browser, specialistAccount, /\/specialist-dashboard$/);
  await expect(specialist.getByRole('banner').getByRole('status', { name: 'Live' })).toBeVisible();
  await expect(bell(specialist)).toHaveAccessibleName('Notifications');

  // Paid (activated) while the specialist's page is open: the count rises without a reload.
  await first.activate();
  await expect(bell(specialist)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(specialist.getByTestId('notification-count')).toHaveText('1');
  await second.activate();
  await expect(bell(specialist)).toHaveAccessibleName('Notifications, 2 unread');

  // The panel: newest first, both unread, each naming the patient.
  await bell(specialist).click();
  const panel = specialist.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(second.patientName);
  await expect(items.nth(1)).toContainText(first.patientName);
  await expect(panel.locator('[data-unread]')).toHaveCount(2);

  // Clicking one opens its case and marks it read.
  await items.nth(1).getByRole('link').click();
  await expect(specialist).toHaveURL(new RegExp(`/consults/${first.uuid}$`));
  await expect(bell(specialist)).toHaveAccessibleName('Notifications, 1 unread');

  // Opening a case by its address marks its notifications read too.
  await specialist.goto(`/consults/${second.uuid}`);
  await expect(bell(specialist)).toHaveAccessibleName('Notifications');
  await expect(specialist.getByTestId('notification-count')).toHaveCount(0);

  // Mark all read.
  await expect(specialist.getByRole('banner').getByRole('status', { name: 'Live' })).toBeVisible();
  await third.activate();
  await expect(bell(specialist)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(specialist).click();
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(specialist)).toHaveAccessibleName('Notifications');
  await expect(panel.locator('[data-unread]')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);

  await vetApi.dispose();
  await vet.context().close();
  await specialist.context().close();
});

test('screenshots of the open notification panel (both frames)', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const vetAccount = await freshVet(base, { name: 'Dr. Amelia Brooks' });
  const specialistAccount = await freshSpecialist(base, 'Cardiology');
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const target = { id: specialistAccount.id, specialty: specialistAccount.specialty };
  for (const name of ['Biscuit', 'Juniper Maplewood-Harrington', 'Otis']) {
    const prepared = await prepareCase(vetApi, target, name);
    await prepared.activate();
  }
  await vetApi.dispose();
  await signIn(page, specialistAccount.username, specialistAccount.password);
  await expect(page).toHaveURL(/\/specialist-dashboard$/);
  // One of them read, so the panel shows both kinds.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await bell(page).click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').last().getByRole('link').click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  for (const shell of ['header', 'sidebar'] as const) {
    for (const shot of SHOTS) {
      await prepareShot(page, shot);
      await page.addInitScript((value) => window.localStorage.setItem('shell', value), shell);
      await page.goto('/specialist-dashboard');
      await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('listitem')).toHaveCount(3);
      // The panel fits the screen.
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= shot.width).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `${ARTIFACTS}/notifications-panel-${shell}-${shot.theme}-${shot.width}.png`,
      });
    }
  }
});
