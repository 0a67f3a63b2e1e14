import { expect, test } from '@playwright/test';
import { openAs, SPECIALIST, signOut, VET } from './support';

test.describe('signed out', () => {
  for (const path of ['/', '/dashboard', '/consults/1234abcd-0000', '/settings', '/no-such-page']) {
    test(`${path} redirects to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome To VetConsult!' })).toBeVisible();
      await expect(page.getByText('Access to Veterinary Specialists for Veterinary Teams.')).toBeVisible();
    });
  }

  test('/reset-password without a token redirects to /auth', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('/auth shows the sign-in form while the session check runs; a signed-in path waits with the spinner', async ({
    page,
  }) => {
    // Holds each session check (the `Me` query) until `release` is called.
    let meRequests = 0;
    let release = () => {};
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'Me') {
        meRequests += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      await route.continue();
    });

    await page.goto('/auth');
    await expect.poll(() => meRequests).toBe(1);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email or Username')).toBeEditable();
    release();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await page.goto('/dashboard');
    await expect.poll(() => meRequests).toBe(2);
    await expect(page.getByRole('status').filter({ hasText: 'Loading session...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('veterinarian', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, '/dashboard', VET.username);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('role redirects, titles, navigation and logout', async ({ page }) => {
    await expect(page).toHaveTitle('Dashboard');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Availability' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Consults' }).click();
    await expect(page).toHaveURL(/\/consults$/);
    await expect(page).toHaveTitle('My Consults');
    await expect(page.getByRole('heading', { level: 1, name: 'My Consults' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Consults' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveTitle('Settings');
    await page.goto('/consults/0f8e2c1a-9d7b-4c3e-8a6f-5b4d3c2e1f0a');
    await expect(page).toHaveTitle('Case Details');
    await expect(page.getByText('Case #0f8e2c1a')).toBeVisible();

    // Availability is for specialists only.
    await page.goto('/availability');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'VetConsult home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('© ')).toContainText(
      `© ${new Date().getFullYear()} VetConsult Specialty Consults. All rights reserved. Powered by Northwind Health Software.`,
    );

    await signOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle('VetConsult');
  });

  test('the session survives a reload', async ({ page }) => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test('a specialist goes to the specialist dashboard and sees Availability', async ({ page }) => {
  await openAs(page, '/', SPECIALIST.username);
  await expect(page).toHaveURL(/\/specialist-dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/\/availability$/);
  await expect(page).toHaveTitle('Availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
});

test('the theme choice persists after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();

  await page.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.getByText('Light', { exact: true }).click();
  await expect(html).not.toHaveClass(/dark/);

  // System follows the operating system.
  await page.getByText('System', { exact: true }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the toggle menu opens, closes after a link, and logs out', async ({ page }) => {
    await openAs(page, '/specialist-dashboard', SPECIALIST.username);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Dashboard', 'Consults', 'Availability', 'Settings']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Consults' }).click();
    await expect(page).toHaveURL(/\/consults$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a menu opened while the next page is still loading stays open once it has loaded', async ({ page }) => {
    await openAs(page, '/specialist-dashboard', SPECIALIST.username);
    // The Availability page's code arrives late (a slow network): React Router shows the new page, and
    // commits its location, only once that code is in.
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/availability-*.js', async (route) => {
      await arrived;
      await route.continue();
    });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Availability' }).click();
    await expect(page).toHaveURL(/\/availability$/);
    await expect(menu).toBeHidden();
    // The user opens the menu again before the page has come: it must not close under them when it comes.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
