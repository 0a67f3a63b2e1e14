import { expect, type Page, test } from '@playwright/test';
import { freshVet, signInByApi } from './support';

// Web II: draft sync — autosave restores after a reload, two tabs raise the conflict banner (both
// choices), and offline edits are kept on the device and synced on reconnect.

const SAVED = 'All changes saved';

/** A draft of a new veterinarian of its own (the seeded ones' drafts stay as seeded for the other specs). */
async function draftFor(page: Page, baseURL: string | undefined): Promise<string> {
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  const response = await page.request.post('/api/consults/drafts', { data: { patientName: 'Start' } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { uuid: string }).uuid;
}

async function serverPatientName(page: Page, uuid: string) {
  const draft = (await (await page.request.get(`/api/consults/drafts/${uuid}`)).json()) as { patientName: string };
  return draft.patientName;
}

test('autosave (3 s after the last edit) restores the form after a reload', async ({ page, baseURL }) => {
  const uuid = await draftFor(page, baseURL);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByText(`#${uuid.slice(0, 8)}`)).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Patient Name').fill('Autosaved Luna');
  await page.getByLabel('Breed (optional)').fill('Husky');
  await expect.poll(() => serverPatientName(page, uuid), { timeout: 10_000 }).toBe('Autosaved Luna');
  await expect(page.getByTestId('draft-status')).toContainText(SAVED);
  await page.reload();
  await expect(page.getByLabel('Patient Name')).toHaveValue('Autosaved Luna');
  await expect(page.getByLabel('Breed (optional)')).toHaveValue('Husky');
  await expect(page.getByText('Draft restored')).toBeVisible();
});

test('two tabs on one draft raise the conflict banner; both choices behave as specified', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const uuid = await draftFor(page, baseURL);
  const other = await context.newPage();
  await page.goto(`/consults/new?draft=${uuid}`);
  await other.goto(`/consults/new?draft=${uuid}`);
  await expect(other.getByLabel('Patient Name')).toHaveValue('Start', { timeout: 20_000 });

  // Tab A saves; tab B, based on the old version, gets the banner (live event or 409 on its own save).
  await page.getByLabel('Patient Name').fill('From tab A');
  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await other.getByLabel('Breed (optional)').fill('Poodle');
  const bannerB = other.getByRole('alert').filter({ has: other.getByRole('button', { name: 'Keep My Changes' }) });
  await expect(bannerB).toBeVisible({ timeout: 15_000 });
  await expect(bannerB.getByRole('button', { name: /Use Server Version/ })).toBeVisible();

  // Use Server Version overwrites the form.
  await bannerB.getByRole('button', { name: /Use Server Version/ }).click();
  await expect(other.getByLabel('Patient Name')).toHaveValue('From tab A');
  await expect(other.getByText('Conflict resolved')).toBeVisible();
  await expect(bannerB).toBeHidden();

  // B saves next; A is now behind and keeps its own changes over the server.
  await other.getByLabel('Patient Name').fill('From tab B');
  await other.getByRole('button', { name: 'Save Now' }).click();
  await expect(other.getByText('Draft saved')).toBeVisible();
  await page.getByLabel('Patient Name').fill('Tab A keeps this');
  const bannerA = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Keep My Changes' }) });
  await expect(bannerA).toBeVisible({ timeout: 15_000 });
  await bannerA.getByRole('button', { name: 'Keep My Changes' }).click();
  await expect(page.getByText('Conflict resolved')).toBeVisible();
  await expect(bannerA).toBeHidden();
  await expect.poll(() => serverPatientName(page, uuid)).toBe('Tab A keeps this');
});

test('offline edits are saved locally and synced when back online', async ({ page, context, baseURL }) => {
  const uuid = await draftFor(page, baseURL);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByLabel('Patient Name')).toHaveValue('Start', { timeout: 20_000 });
  await context.setOffline(true);
  await page.getByLabel('Patient Name').fill('Offline Otis');
  await expect(page.getByText('Draft saved to your device. Please check your connection.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByTestId('draft-status')).toContainText('Saved on this device');
  await context.setOffline(false);
  await expect.poll(() => serverPatientName(page, uuid), { timeout: 10_000 }).toBe('Offline Otis');
  await expect(page.getByTestId('draft-status')).toContainText(SAVED);
});
