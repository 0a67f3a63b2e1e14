import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ARTIFACTS } from './screenshots';

// Issue 20: the REST reference at /api/docs works with nothing but this server. Every request to
// another host is aborted and recorded; none may be attempted, and no script may be refused by the CSP.

test('/api/docs lists the REST operations without any network beyond the server', async ({ page, baseURL }) => {
  const own = new URL(baseURL ?? '').host;
  const elsewhere: string[] = [];
  await page.route(
    (url) => url.host !== own,
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /VetConsult REST API/ })).toBeVisible();
  // An operation of each kind is listed, with its method and path.
  const login = page.locator('.opblock').filter({ hasText: '/api/auth/login' }).first();
  await expect(login).toBeVisible();
  await expect(login).toContainText('POST');
  await expect(page.locator('.opblock').filter({ hasText: '/api/cases/{id}/messages' }).first()).toBeVisible();
  // Opening one shows its request body and answers from the document.
  await login.locator('.opblock-summary').click();
  await expect(login.getByText('application/json').first()).toBeVisible();
  await expect(login.locator('.responses-table')).toContainText('401');

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/api-docs-light-1280.png` });
  expect(elsewhere, 'requests to other hosts').toEqual([]);
  expect(problems, 'console errors (CSP refusals among them)').toEqual([]);
});
