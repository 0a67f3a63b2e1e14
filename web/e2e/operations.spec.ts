import { readFile } from 'node:fs/promises';
import { expect as baseExpect, request as playwrightRequest, test } from '@playwright/test';
import { createPendingCase, NGUYEN, PATEL } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { ADMIN } from './support';

// Issue 19: the administrator's operations dashboard renders its charts (screenshots at 1280 and 375 px,
// light and dark) and downloads the CSV of its numbers. A paid case made here gives the month's revenue
// chart data whatever the seed holds.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

async function adminState(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const state = await api.storageState();
  await api.dispose();
  return state;
}

let paid: Promise<unknown> | undefined;

/** A paid case for the month's revenue, made once per worker (the tests of this file may run on both). */
function paidCase(baseURL: string): Promise<unknown> {
  paid ??= createPendingCase(baseURL, NGUYEN, PATEL);
  return paid;
}

test.beforeEach(async ({ baseURL }) => {
  await paidCase(baseURL ?? '');
});

test('the administrator opens Operations from either menu and sees the charts', async ({ browser, baseURL }) => {
  const storageState = await adminState(baseURL ?? '');
  for (const shell of ['header', 'sidebar'] as const) {
    const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript((value) => window.localStorage.setItem('shell', value), shell);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Operations' }).first().click();
    await expect(page).toHaveURL(/\/admin\/operations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await context.close();
  }
});

test('the dashboard draws its charts with data (screenshots) and downloads the CSV', async ({ browser, baseURL }) => {
  const storageState = await adminState(baseURL ?? '');
  for (const shot of SHOTS) {
    const context = await browser.newContext({ storageState, acceptDownloads: true });
    const page = await context.newPage();
    await prepareShot(page, shot);
    await page.goto('/admin/operations');
    const stats = page.getByTestId('operations-stats');
    await expect(stats.getByText('Overdue now')).toBeVisible();
    await expect(stats.getByText('Median time to review')).toBeVisible();
    // The month's money: the case paid above is in it.
    const revenue = page.getByTestId('revenue-chart');
    await expect(revenue).toBeVisible();
    await expect(revenue.locator('rect[data-series="net"]').first()).toBeVisible();
    expect(await revenue.getAttribute('aria-labelledby')).toBeTruthy();
    await expect(page.getByRole('table', { name: 'Revenue and tax by province' })).toBeVisible();
    // Cases per week: the seed's eight weeks of turnaround history draw bars.
    const weekly = page.getByTestId('cases-per-week-chart');
    await expect(weekly).toBeVisible();
    await expect(weekly.locator('rect[data-series]').first()).toBeVisible();
    expect(await weekly.locator('rect[data-series]').count()).toBeGreaterThan(1);
    await expect(page.getByRole('table', { name: 'On-time rate by urgency' })).toBeVisible();
    await shoot(page, 'operations', shot);

    if (shot.theme === 'light' && shot.width === 1280) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^operations-\d{4}-\d{2}\.csv$/);
      const path = await download.path();
      const csv = await readFile(path, 'utf8');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('section,group,subgroup,metric,value');
      expect(lines.some((line) => /^revenue,(cad|usd),.*,net_cents,\d+$/.test(line))).toBe(true);
      expect(lines.some((line) => line.startsWith('report,,,overdue_now,'))).toBe(true);
    }
    await context.close();
  }
});

test('a bad month is told in words and the CSV waits for a good one', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: await adminState(baseURL ?? '') });
  const page = await context.newPage();
  await page.goto('/admin/operations');
  await expect(page.getByTestId('revenue-chart')).toBeVisible();
  await page.getByLabel('Month for revenue (UTC)').fill('1999-12');
  await expect(page.getByRole('alert')).toHaveText('Please choose a month as YYYY-MM, for example 2026-03');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await context.close();
});
