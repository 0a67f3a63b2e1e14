import { expect, test } from '@playwright/test';
import { OKAFOR } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { createVet, openAs, SPECIALIST, unique, VET } from './support';

// Several sign-ins and API-built cases per test on a shared 2-core machine: triple the timeout.
test.slow();

// SPEC §2 /dashboard and the onboarding card; the older specialist dashboard.

const PASSWORD = 'e2e-pass-2026';

test.describe('veterinarian dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, '/dashboard', VET.username);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('stat cards link to the consult list with their tab preselected', async ({ page }) => {
    const stats = page.getByRole('region', { name: 'Statistics' });
    const cases: Array<[string, string, string]> = [
      ['Active Consults', 'accepted', 'In Progress'],
      ['Completed This Week', 'reviewed', 'Completed'],
      ['Pending Response', 'pending', 'Pending'],
    ];
    for (const [card, status, tab] of cases) {
      await stats.getByRole('link', { name: new RegExp(card) }).click();
      await expect(page).toHaveURL(new RegExp(`/consults\\?status=${status}$`));
      await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByRole('link', { name: 'New Consult', exact: true })).toHaveAttribute('href', '/consults/new');
  });

  test('draft cases and recent consults', async ({ page }) => {
    const drafts = page.getByRole('heading', { name: 'Draft Cases' }).locator('xpath=../..');
    await expect(drafts.getByRole('link', { name: /^View all \(\d+\)$/ })).toHaveAttribute(
      'href',
      '/consults?status=draft',
    );
    await expect(drafts.getByRole('link', { name: /^Continue Biscuit/ })).toHaveAttribute(
      'href',
      /\/consults\/new\?draft=[0-9a-f-]{36}$/,
    );
    const recent = page.getByRole('heading', { name: 'Recent Consults' }).locator('xpath=../..');
    await expect(recent.getByRole('link', { name: /Pepper Tremblay - Dermatology/ })).toBeVisible();
    expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  });
});

test.describe('a new veterinarian', () => {
  test('empty states, onboarding steps, and completion remembered by the server', async ({ page, request }) => {
    const vet = await createVet(request, PASSWORD);
    await openAs(page, '/dashboard', vet.username, PASSWORD);

    await expect(page.getByText('No draft cases yet.')).toBeVisible();
    await expect(page.getByText('No consults yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your First Consult' })).toHaveAttribute(
      'href',
      '/consults/new',
    );

    const onboarding = page.getByRole('region', { name: 'Getting Started' });
    await expect(onboarding).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByText('Submit cases with clinical details and media')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Submitting Cases' })).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Specialist Network' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '3');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Specialist Network' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('No draft cases yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Getting Started' })).toHaveCount(0);
  });

  test('deleting a draft asks first and confirms with a toast', async ({ page, request }) => {
    const vet = await createVet(request, PASSWORD);
    await openAs(page, '/dashboard', vet.username, PASSWORD);
    const patientName = unique('Draft');
    const created = await page.request.post('/api/consults/drafts', { data: { patientName, species: 'Feline' } });
    expect(created.ok()).toBe(true);
    await page.reload();

    await page.getByRole('button', { name: `Delete ${patientName}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this draft? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(patientName)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${patientName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Draft deleted' });
    await expect(toast).toContainText('The draft consultation has been deleted successfully.');
    await expect(page.getByText('No draft cases yet.')).toBeVisible();
  });
});

test.describe('specialist', () => {
  test('the older specialist dashboard: welcome, counts, tabs and onboarding texts', async ({ page }) => {
    await openAs(page, '/specialist-dashboard', OKAFOR.username);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    for (const key of ['pending', 'accepted', 'reviewed']) {
      await expect(page.getByTestId(`count-${key}`)).toHaveText(/^\d+$/);
    }
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');

    const onboarding = page.getByRole('region', { name: 'Getting Started' });
    if (await onboarding.isVisible()) {
      await expect(page.getByText('Review and accept cases in your specialty')).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Managing Consults' })).toBeVisible();
    }
  });

  test('a specialist with no pending cases sees the empty texts', async ({ page }) => {
    // dr.patel's pending cases come and go with other specs; an unused specialty gives a stable view.
    await openAs(page, '/specialist-dashboard', 'dr.lindqvist');
    await expect(page.getByText('No pending cases', { exact: true })).toBeVisible();
    await expect(page.getByText('There are currently no pending cases in your specialty area.')).toBeVisible();
    await page.getByRole('tab', { name: 'Active' }).click();
    await expect(page.getByText('No active cases', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect(page.getByText('No completed cases', { exact: true })).toBeVisible();
  });
});

test.describe('screenshots', () => {
  for (const shot of SHOTS) {
    test(`dashboard and specialist dashboard, ${shot.theme} ${shot.width}px`, async ({ page }) => {
      await prepareShot(page, shot);
      await openAs(page, '/dashboard', VET.username);
      await expect(page.getByRole('heading', { name: 'Recent Consults' })).toBeVisible();
      await expect(page.getByText('Pepper Tremblay - Dermatology')).toBeVisible();
      await shoot(page, 'dashboard-vet', shot);
      await page.context().clearCookies();
      await openAs(page, '/specialist-dashboard', SPECIALIST.username);
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      await expect(page.getByTestId('count-pending')).toHaveText(/^\d+$/);
      await shoot(page, 'specialist-dashboard', shot);
    });
  }
});
