import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, freshSpecialist, freshVet, openAs } from './support';

// The second frame of SPEC §2: fixed sidebar on desktop; top bar, slide-out menu and tab strip on
// mobile. The choice is per browser (localStorage `shell`) and survives a reload.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The dashboard has loaded its data and the live socket is up, so a screenshot shows the settled page. */
async function expectSettledDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Recent Consults' })).toBeVisible();
  await expect(page.getByText('No consults yet.')).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Live' }).first()).toBeVisible();
}

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

test('a veterinarian switches to the sidebar; it persists, highlights the page and signs out', async ({
  page,
  baseURL,
}) => {
  const vet = await freshVet(baseURL ?? '', { name: 'Dr. Side Bar' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, '/consults', vet.username, vet.password);
  await page.getByRole('button', { name: 'Switch to sidebar layout' }).click();

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await page.reload();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByText('Dr. Side Bar')).toBeVisible();
  await expect(sidebar.getByText('Veterinarian', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('DSB', { exact: true })).toBeVisible(); // initials without a photo

  const menu = sidebar.getByRole('navigation', { name: 'Main' });
  // SPEC §2's order for this shell: Profile before Settings, then Sign out.
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'My Consults', 'Profile', 'Settings']);
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Consults' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    await page.goto('/dashboard');
    await expectSettledDashboard(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The viewport: the sidebar is fixed, a full-page capture would cut it off at the first screen.
    await page.screenshot({ path: `${ARTIFACTS}/sidebar-dashboard-${theme}-1280.png` });
  }

  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Back to the header frame: the choice goes both ways.
  await openAs(page, '/dashboard', vet.username, vet.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Switch to top navigation' }).click();
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Consults' })).toBeVisible();
});

test('on a 375 px screen: tab strip for a specialist, slide-out menu closes after a link', async ({
  page,
  baseURL,
}) => {
  const specialist = await freshSpecialist(baseURL ?? '', 'Cardiology');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => window.localStorage.setItem('shell', 'sidebar'));
  await openAs(page, '/dashboard', specialist.username, specialist.password);

  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs.getByRole('link')).toHaveText(['Dashboard', 'My Consults', 'Availability']);
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expectSettledDashboard(page);
  // The viewport, not the full page: the tab strip is fixed to the bottom of the screen.
  await page.screenshot({ path: `${ARTIFACTS}/sidebar-dashboard-light-375.png` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('contentinfo')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${ARTIFACTS}/sidebar-dashboard-light-375-bottom.png` });

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('Specialist', { exact: true })).toBeVisible();
  await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard',
    'My Consults',
    'Availability',
    'Profile',
    'Settings',
  ]);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${ARTIFACTS}/sidebar-menu-light-375.png` });
  await menu.getByRole('link', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/\/availability$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');

  // Closing without choosing: the close button, then Escape.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sign out from the slide-out menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toHaveCount(0);
});

test('a veterinarian at 375 px: the tab strip has no Availability; dark menu', async ({ page, baseURL }) => {
  const vet = await freshVet(baseURL ?? '');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    window.localStorage.setItem('shell', 'sidebar');
    window.localStorage.setItem('theme', 'dark');
  });
  await openAs(page, '/dashboard', vet.username, vet.password);
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs.getByRole('link')).toHaveText(['Dashboard', 'My Consults']);
  await expectSettledDashboard(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Dashboard',
    'My Consults',
    'Profile',
    'Settings',
  ]);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${ARTIFACTS}/sidebar-menu-dark-375.png` });
  await menu.getByRole('link', { name: 'My Consults' }).click();
  await expect(page).toHaveURL(/\/consults$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'My Consults' })).toHaveAttribute('aria-current', 'page');
});

test('the administrator keeps Specialists, Users and Operations in the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => window.localStorage.setItem('shell', 'sidebar'));
  await openAs(page, '/dashboard', ADMIN.email, ADMIN.password);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Administrator', { exact: true })).toBeVisible();
  const menu = sidebar.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard',
    'My Consults',
    'Profile',
    'Settings',
    'Specialists',
    'Users',
    'Operations',
  ]);
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
});
