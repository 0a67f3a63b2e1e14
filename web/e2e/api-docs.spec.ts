import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ARTIFACTS } from './screenshots';

// Issue 20: the REST reference at /api/docs works with nothing but this server. Every request to
// another host is aborted and recorded; none may be attempted, and no script may be refused by the CSP.

test('/api/docs lists the REST operations without any network beyond the server', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
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
  // Swagger UI parses a 1.7 MB bundle and the document before it renders: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: /VetConsult REST API/ })).toBeVisible({ timeout: 30_000 });
  // The operations are grouped by tag (collapsed); opening one lists its operations with method and path.
  await page.locator('#operations-tag-Authentication').click();
  const login = page.locator('.opblock').filter({ hasText: '/api/auth/login' }).first();
  await expect(login).toBeVisible();
  await expect(login).toContainText('POST');
  await page.locator('#operations-tag-Conversation').click();
  await expect(page.locator('.opblock').filter({ hasText: '/api/cases/{id}/messages' }).first()).toBeVisible();
  // Opening one shows its request body and answers from the document.
  await login.locator('.opblock-summary').click();
  await expect(login.getByText('Request body')).toBeVisible();
  await expect(login).toContainText('rememberMe');
  await expect(login.locator('.responses-table').first()).toContainText('401');
  await page.evaluate(() => window.scrollTo(0, 0));

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/api-docs-light-1280.png` });
  expect(elsewhere, 'requests to other hosts').toEqual([]);
  expect(problems, 'console errors (CSP refusals among them)').toEqual([]);
});
