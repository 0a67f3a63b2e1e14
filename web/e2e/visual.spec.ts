import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn, VET } from './support';

// Screenshots for review (web/e2e-artifacts/), accessibility checks with axe, and the JS budget.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`/auth and the dashboard, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await useTheme(page, theme);
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Welcome To VetConsult!' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/auth-${theme}-${width}.png`, fullPage: true });

      await page.getByRole('tab', { name: 'Register' }).click();
      await expect(page.getByLabel('Clinic Name')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/register-${theme}-${width}.png`, fullPage: true });

      await signIn(page, VET.username);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/dashboard-${theme}-${width}.png`, fullPage: true });
    });
  }
}

test('the initial JavaScript of /auth stays under 250 KB gzipped', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = [...scripts].map(([url, body]) => ({
    file: new URL(url).pathname,
    gzipBytes: gzipSync(body, { level: 9 }).length,
  }));
  const total = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
  await writeFile(
    `${ARTIFACTS}/auth-initial-js.json`,
    `${JSON.stringify({ totalGzipBytes: total, sizes }, null, 2)}\n`,
  );
  test.info().annotations.push({ type: 'auth initial JS (gzip)', description: `${(total / 1024).toFixed(1)} KB` });
  expect(total).toBeLessThan(250 * 1024);
});
