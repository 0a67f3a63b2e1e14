import { expect, test } from '@playwright/test';
import { openAs, signInByApi, VET } from './support';

// Web II: the revisit page guards (the paid revisit itself is in consult-form.spec.ts).

test.beforeEach(async ({ page }) => {
  await signInByApi(page, VET.username);
});

test('an unknown case shows the load error with Back to Consults', async ({ page }) => {
  await page.goto('/consults/revisit/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Error loading case details')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Consults' }).click();
  await expect(page).toHaveURL(/\/consults$/);
});

test('a case that is not reviewed cannot be revisited', async ({ page }) => {
  const cases = (await (await page.request.get('/api/cases')).json()) as Array<{
    uuid: string;
    patientName: string;
    status: string;
  }>;
  const pending = cases.find((c) => c.status === 'pending' || c.status === 'accepted');
  expect(pending).toBeTruthy();
  await page.goto(`/consults/revisit/${pending?.uuid}`);
  await expect(page.getByRole('heading', { name: 'Revisit Case' })).toBeVisible();
  await expect(page.getByText('This case must be completed before it can be revisited')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Case Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/consults/${pending?.uuid}$`));
});

test('a reviewed case shows the revisit form, validated with the shared rules', async ({ page }) => {
  const cases = (await (await page.request.get('/api/cases')).json()) as Array<{ uuid: string; status: string }>;
  const reviewed = cases.find((c) => c.status === 'reviewed');
  expect(reviewed).toBeTruthy();
  await page.goto(`/consults/revisit/${reviewed?.uuid}`);
  await page.getByLabel('New Clinical Signs or Updates').fill('short');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Clinical signs must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/revisit-form-1280-light.png', fullPage: true });
});

test('another veterinarian cannot revisit the case', async ({ page, browser }) => {
  const cases = (await (await page.request.get('/api/cases')).json()) as Array<{ uuid: string; status: string }>;
  const reviewed = cases.find((c) => c.status === 'reviewed');
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await openAs(stranger, `/consults/revisit/${reviewed?.uuid}`, 'dr.nguyen');
  await expect(
    stranger.getByText(/You are not authorized to revisit this case|Error loading case details/),
  ).toBeVisible();
  await context.close();
});
