import { expect, test } from '@playwright/test';
import { createPendingCase, PATEL } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { createVet, freshSpecialist, freshVet, openAs, signInByApi, VET, waitUntilLoaded } from './support';

// Several sign-ins and API-built cases per test on a shared 2-core machine: triple the timeout.
test.slow();

// SPEC §2 /consults: banner, Available Cases, search, tabs with ?status= preselection, cards, empty states.

const PASSWORD = 'e2e-pass-2026';

test.describe('veterinarian', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page, VET.username);
  });

  test('banner, tabs, search and the case cards', async ({ page }) => {
    await page.goto('/consults');
    await waitUntilLoaded(page);
    await expect(page.getByRole('heading', { name: 'Submit A New Consult' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Consult', exact: true })).toHaveAttribute('href', '/consults/new');
    await expect(page.getByRole('heading', { name: 'Your Consults' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Consult status' }).getByRole('tab');
    await expect(tabs).toHaveText(['All', 'Drafts', 'Pending', 'In Progress', 'Completed']);
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    const search = page.getByPlaceholder('Search by pet name, family name, species, breed, or case ID...');
    await search.fill('Pepper');
    const pepper = page.getByRole('link', { name: /Pepper Tremblay - Dermatology/ });
    await expect(pepper).toBeVisible();
    await expect(pepper).toContainText('Completed');
    await expect(pepper).toContainText(/Completed [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(pepper).toContainText('New Consult');
    await expect(pepper).toContainText('7y');
    await expect(page.getByRole('list', { name: 'Consults' }).getByRole('listitem')).toHaveCount(1);

    await page.getByRole('tab', { name: 'Pending' }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByText('No consults found matching "Pepper" in pending consults')).toBeVisible();

    await search.fill('zzz-no-such-pet');
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page.getByText('No consults found matching "zzz-no-such-pet"', { exact: true })).toBeVisible();

    // Case id search: the first characters of the uuid.
    await search.fill('');
    await page.getByRole('tab', { name: 'In Progress' }).click();
    const juniper = page.getByRole('link', { name: /Juniper Tremblay/ });
    await expect(juniper).toContainText('In Progress');
    await expect(juniper).toContainText(/Accepted [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  test('?status= preselects a tab; unknown values fall back to All', async ({ page }) => {
    await page.goto('/consults?status=draft');
    await expect(page.getByRole('tab', { name: 'Drafts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: /Biscuit Tremblay/ })).toContainText('draft');
    await page.goto('/consults?status=reviewed');
    await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/consults?status=bogus');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });
});

test('a new veterinarian: empty texts and titles truncated at 50 characters', async ({ page, request }) => {
  const vet = await createVet(request, PASSWORD);
  await openAs(page, '/consults?status=pending', vet.username, PASSWORD);
  await expect(page.getByText('No pending consults found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByText('No completed consults found.')).toBeVisible();

  const created = await page.request.post('/api/consults/drafts', {
    data: {
      patientName: 'Maximilian Bartholomew',
      familyLastName: 'Featherstonehaugh',
      specialty: 'Internal Medicine',
    },
  });
  expect(created.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const full = 'Maximilian Bartholomew Featherstonehaugh - Internal Medicine';
  await expect(page.getByRole('heading', { name: `${full.slice(0, 50)}...`, exact: true })).toBeVisible();
});

test('a specialist: Assigned Cases and accepting from Available Cases', async ({ page, baseURL }) => {
  const vet = await freshVet(baseURL ?? '');
  const specialist = await freshSpecialist(baseURL ?? '', 'Internal Medicine');
  const pending = await createPendingCase(baseURL ?? '', vet, specialist);
  await openAs(page, '/consults', specialist.username, specialist.password);
  await expect(page.getByRole('heading', { name: 'Assigned Cases' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Submit A New Consult' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Drafts' })).toHaveCount(0);

  const available = page.getByRole('region', { name: 'Available Cases' });
  const shortId = pending.uuid.slice(0, 8);
  await expect(available.getByText(`#${shortId}`)).toBeVisible();
  await available.getByRole('button', { name: `Accept case ${shortId}` }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Case accepted' });
  await expect(toast).toContainText("You've successfully accepted this case");
  await expect(available.getByText(`#${shortId}`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'In Progress' }).click();
  await expect(page.getByRole('link', { name: new RegExp(pending.patientName) })).toContainText('In Progress');
});

test.describe('screenshots', () => {
  for (const shot of SHOTS) {
    test(`consult list, ${shot.theme} ${shot.width}px`, async ({ page }) => {
      await prepareShot(page, shot);
      await openAs(page, '/consults', VET.username);
      await expect(page.getByRole('link', { name: /Pepper Tremblay/ })).toBeVisible();
      await shoot(page, 'consults-vet', shot);
      await page.context().clearCookies();
      await openAs(page, '/consults', PATEL.username);
      await expect(page.getByRole('heading', { name: 'Assigned Cases' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Available Cases' }).getByRole('status')).toHaveCount(0);
      await shoot(page, 'consults-specialist', shot);
    });
  }
});
