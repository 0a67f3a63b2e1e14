import { expect, type Page, test } from '@playwright/test';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { ADMIN, freshVet, signInByApi } from './support';

// Settings → API access (issue 20): a token is created, shown once, works from a script (REST with
// `Authorization: Bearer`), is revoked, and the same request is then refused. The administrator sees
// every user's tokens in Settings → Admin and can revoke any.

test.describe.configure({ timeout: 90_000 });

async function openApiAccess(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API access' }).click();
  await expect(page.getByRole('heading', { name: 'API access' })).toBeVisible();
}

async function createToken(page: Page, name: string, access: 'Read only' | 'Read and write') {
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('radio', { name: access }).check();
  await page.getByLabel('Expiry').selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create Token' }).click();
  const secret = page.getByTestId('new-access-token');
  await expect(secret).toHaveText(/^vcpat_[A-Za-z0-9_-]{43}$/);
  return (await secret.textContent()) ?? '';
}

test('a token is created in Settings, shown once, works from a script, and stops at once when revoked', async ({
  page,
  request,
  baseURL,
}) => {
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  await openApiAccess(page);
  await expect(page.getByText('You have no access tokens yet.')).toBeVisible();

  // The name is required (the schema's words).
  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByText('Please give the token a name')).toBeVisible();

  const token = await createToken(page, 'Nightly export', 'Read only');
  await expect(page.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Nightly export' });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText(`${token.slice(0, 12)}…`);
  await expect(row).toContainText('Never used');
  await expect(row).not.toContainText(token);

  // A script: no cookie, only the header.
  const headers = { authorization: `Bearer ${token}` };
  const cases = await request.get('/api/cases', { headers });
  expect(cases.status(), await cases.text()).toBe(200);
  const write = await request.post('/api/consults/drafts', { headers, data: { patientName: 'Luna' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe(
    'This access token is read-only. Create a read and write token to make changes.',
  );

  // Done hides the secret for good: a reload shows only the prefix.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-access-token')).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'API access' }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Nightly export' })).toContainText('Last used');

  await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Scripts using “Nightly export” will stop working at once.');
  await dialog.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(page.getByText('You have no access tokens yet.')).toBeVisible();

  const after = await request.get('/api/cases', { headers });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe('Invalid access token: it is unknown, or was revoked.');
});

test('the administrator sees every token with its owner and revokes one', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  await openApiAccess(page);
  const token = await createToken(page, 'Clinic sync', 'Read and write');
  await page.context().clearCookies();

  await signInByApi(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Admin' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Clinic sync' }).filter({ hasText: vet.username });
  await expect(row).toContainText('Read and write');
  for (const shot of [SHOTS[0], SHOTS[3]]) {
    await prepareShot(page, shot);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Access Tokens' })).toBeVisible();
    await expect(row).toBeVisible();
    await shoot(page, 'settings-admin-access-tokens', shot);
  }
  // The revoke answers slowly, as on a loaded server: the list is read only once it has answered (while the
  // confirmation is open, Headless UI hides the page behind it from the accessibility tree, so the row
  // seemed gone before it was: CI's flake).
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('RevokeAnyAccessToken')) await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await row.getByRole('button', { name: `Revoke ${vet.username}’s token Clinic sync` }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Revoke Token' });
  await confirm.click();
  // The confirmation closes once the revoke has answered (Headless UI's dialog root has no box of its own:
  // its button tells).
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Clinic sync' }).filter({ hasText: vet.username }),
  ).toHaveCount(0);
  expect((await request.get('/api/cases', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('screenshots of Settings → API access', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  await openApiAccess(page);
  await createToken(page, 'Read-only reporting', 'Read only');
  await page.getByRole('button', { name: 'Done' }).click();
  await createToken(page, 'Practice management sync', 'Read and write');
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await openApiAccess(page);
    await expect(page.getByRole('listitem').filter({ hasText: 'Practice management sync' })).toBeVisible();
    await shoot(page, 'settings-api-access', shot);
  }
  // The panel with a new token, once.
  await prepareShot(page, SHOTS[0]);
  await openApiAccess(page);
  await createToken(page, 'Shown once', 'Read only');
  await shoot(page, 'settings-api-access-new-token', SHOTS[0]);
  await prepareShot(page, SHOTS[3]);
  await openApiAccess(page);
  await createToken(page, 'Shown once on a phone', 'Read only');
  await shoot(page, 'settings-api-access-new-token', SHOTS[3]);
});
