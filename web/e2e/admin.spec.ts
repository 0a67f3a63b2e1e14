import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, openAs, signIn, unique, VET } from './support';

// The administrator's pages (SPEC §2 /admin/specialists, /admin/users, Settings > Admin) and the
// server's refusal for everyone else.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');

// The machine is shared and slow; sign-in alone can take seconds.
test.describe.configure({ timeout: 90_000 });
const ADMIN = { email: 'admin@vetconsult.local', password: 'admin-demo-2026' };

/** Registers a specialist through the API; it stays pending (not signed in). */
async function registerSpecialist(request: APIRequestContext, name: string) {
  const username = unique('spec');
  const response = await request.post('/graphql', {
    data: {
      query: 'mutation Register($input: RegisterInput!) { register(input: $input) { signedIn user { approved } } }',
      variables: {
        input: {
          username,
          email: `${username}@e2e.example`,
          password: DEMO_PASSWORD,
          name,
          role: 'SPECIALIST',
          // Not a specialty of the consult form's picker: once approved, these applicants must not
          // join the specialist lists that other specs choose from.
          specialty: 'Dentistry',
        },
      },
    },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(body.data.register).toEqual({ signedIn: false, user: { approved: false } });
  return { username, name };
}

/** A toast's text. Not by role: while a modal dialog is open the rest of the page is hidden from the tree. */
function toastWith(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** Through the sign-in form once (the administrator's landing page); the other tests sign in by API. */
async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the administrator approves a pending specialist, who can then sign in', async ({ page, browser, request }) => {
  const applicant = await registerSpecialist(request, `Dr. Approve ${unique('')}`);
  await signInAsAdmin(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Specialists' }).click();
  await expect(page).toHaveURL(/\/admin\/specialists$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Specialist Management' })).toBeVisible();
  await expect(page.getByText('Review and approve specialist applications')).toBeVisible();

  const card = page.getByTestId('pending-specialist').filter({ hasText: applicant.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Dentistry');
  await expect(card).toContainText(`@${applicant.username}`);
  const pendingBefore = Number(await page.getByTestId('count-pending').locator('span').innerText());

  await card.getByRole('button', { name: `Approve ${applicant.name}` }).click();
  await expect(toastWith(page, 'Specialist approved successfully.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('count-pending').locator('span')).toHaveText(String(pendingBefore - 1));
  const approved = page.getByRole('region', { name: 'Approved Specialists' }).getByRole('listitem').filter({
    hasText: applicant.name,
  });
  await expect(approved).toContainText('Active');

  // The approved specialist signs in (a fresh browser context).
  const context = await browser.newContext();
  const other = await context.newPage();
  await openAs(other, '/', applicant.username);
  await expect(other).toHaveURL(/\/specialist-dashboard$/);
  await context.close();
});

test('the administrator rejects an application; that account can no longer sign in', async ({
  page,
  browser,
  request,
}) => {
  const applicant = await registerSpecialist(request, `Dr. Reject ${unique('')}`);
  await openAs(page, '/admin/specialists', ADMIN.email, ADMIN.password);

  const card = page.getByTestId('pending-specialist').filter({ hasText: applicant.name });
  await card.getByRole('button', { name: `Reject ${applicant.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Application' });
  await expect(dialog).toContainText(
    `Are you sure you want to reject ${applicant.name}'s application? This will permanently remove their account.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Reject ${applicant.name}` }).click();
  await page
    .getByRole('dialog', { name: 'Reject Application' })
    .getByRole('button', { name: 'Reject Application' })
    .click();
  await expect(toastWith(page, 'Specialist application rejected.')).toBeVisible();
  await expect(card).toHaveCount(0);

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, applicant.username);
  await expect(other.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
  await expect(other).toHaveURL(/\/auth$/);
  await context.close();
});

test('Settings > Admin lists pending specialists live and approves one', async ({ page, request }) => {
  await openAs(page, '/settings', ADMIN.email, ADMIN.password);
  await page.getByRole('tab', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Specialist Approval' })).toBeVisible();
  await expect(page.getByText('Dr. Amara Singh')).toBeVisible();

  // Registered while the tab is open: the pendingSpecialistsChanged subscription brings it in.
  const applicant = await registerSpecialist(request, `Dr. Live ${unique('')}`);
  await expect(page.getByText(applicant.name)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: `Approve ${applicant.name}` }).click();
  await expect(toastWith(page, 'Specialist approved')).toBeVisible();
  await expect(toastWith(page, `${applicant.name} has been approved and can now accept cases.`)).toBeVisible();
  // Gone from the pending list (the toast that names it stays in the DOM, hidden, per SPEC's removal delay).
  await expect(page.getByRole('tabpanel', { name: 'Admin' }).getByText(applicant.name)).toHaveCount(0);
});

test('the administrator sees every user', async ({ page }) => {
  test.setTimeout(300_000);
  await openAs(page, '/dashboard', ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin - All Users' })).toBeVisible();
  await expect(page.getByTestId('users-total')).toContainText(
    /Total: \d+ users \(\d+ veterinarians, \d+ specialists\)/,
  );
  const vets = page.getByRole('region', { name: /Veterinarians/ });
  const martin = vets.getByTestId('user-card').filter({ hasText: VET.name });
  await expect(martin).toContainText('Veterinarian');
  await expect(martin).toContainText('Approved');
  await expect(martin).toContainText(VET.email);
  await expect(martin).toContainText(/Joined[A-Z][a-z]{2} \d{2}, \d{4}/);
  const specialists = page.getByRole('region', { name: /Specialists/ });
  await expect(specialists.getByTestId('user-card').filter({ hasText: 'Dr. Amara Singh' })).toContainText('Pending');

  await mkdir(ARTIFACTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto('/admin/users');
      await expect(page.getByTestId('users-total')).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/admin-users-${theme}-${width}.png` });
      await page.goto('/admin/specialists');
      await expect(page.getByRole('heading', { name: 'Approved Specialists' })).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/admin-specialists-${theme}-${width}.png`, fullPage: true });
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Admin' }).click();
      await expect(page.getByRole('heading', { name: 'Specialist Approval' })).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/settings-admin-${theme}-${width}.png`, fullPage: true });
    }
  }
});

test('a veterinarian cannot read /admin/users: the server refuses and the page says so', async ({ page }) => {
  await openAs(page, '/dashboard', VET.username);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Specialists' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByText('Administrator access required')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load users:' })).toContainText(
    'Failed to load users: Only the administrator can do this',
  );
  await expect(page.getByTestId('user-card')).toHaveCount(0);

  await page.goto('/admin/specialists');
  await expect(page.getByText('Failed to load specialists')).toBeVisible();
  await expect(page.getByText('Only the administrator can do this')).toBeVisible();

  // No Admin tab in Settings either.
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
});
