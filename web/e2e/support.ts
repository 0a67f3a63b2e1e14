import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';

// Shared helpers for the e2e specs: the seeded demo accounts, sign-in, fresh accounts, the mail outbox.

export const DEMO_PASSWORD = 'demo-pass-2026';
export const VET = { username: 'dr.martin', email: 'martin@maplegrove.example', name: 'Dr. Laura Martin' };
export const SPECIALIST = { username: 'dr.patel' };

/** The server's DATA_DIR (playwright.config.ts); mail is written to its outbox folder. */
export const DATA_DIR = resolve(import.meta.dirname, '../test-results/e2e-data');

export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's browser context in through the REST API (the cookie the sign-in form would get), without
 * loading /auth or the landing page; go to the screen under test next. Signing in through the form, and
 * where it lands for each role, is auth.spec.ts's subject; the other specs use this.
 */
export async function signInByApi(
  target: Page | BrowserContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const response = await target.request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), `sign-in of ${username}: ${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * Waits until the page has settled: the session check, the route's lazy chunk and the first data are in (no
 * "Loading…" status left). The first load of the app after signInByApi is the one the sign-in form used to
 * absorb; on a loaded machine it takes longer than one expect's timeout.
 */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      !Array.from(document.querySelectorAll('[role="status"]')).some((status) =>
        /^Loading\b/.test(status.textContent?.trim() ?? ''),
      ),
    null,
    { timeout: 30_000 },
  );
}

/** Signs in through the API (signInByApi), opens `path` and waits until it has loaded (waitUntilLoaded). */
export async function openAs(page: Page, path: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await signInByApi(page, username, password);
  await page.goto(path);
  await waitUntilLoaded(page);
}

export async function signOut(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** Creates a signed-out veterinarian through the GraphQL API (its own cookie jar). */
export async function createVet(request: APIRequestContext, password: string) {
  const username = unique('vet');
  const email = `${username}@e2e.example`;
  const response = await request.post('/graphql', {
    data: {
      query: `mutation Register($input: RegisterInput!) { register(input: $input) { signedIn } }`,
      variables: {
        input: {
          username,
          email,
          password,
          name: 'Dr. Reset Tester',
          role: 'VETERINARIAN',
          clinicName: 'E2E Clinic',
          clinicAddress: '1 King St W, Toronto, ON M5H 1A1',
        },
      },
    },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { username, email };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The reset link of the newest e-mail sent to `email`, waiting briefly for it to be written. */
export async function latestResetLink(email: string): Promise<string> {
  const outbox = join(DATA_DIR, 'outbox');
  const safeTo = email.replace(/[^a-z0-9@._-]/gi, '_');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[]))
          .filter((file) => file.endsWith(`-${safeTo}.eml`))
          .sort();
        const newest = files.at(-1);
        if (!newest) return undefined;
        const message = decodeQuotedPrintable(await readFile(join(outbox, newest), 'utf8'));
        link = message.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link ?? '';
}

export const ADMIN = { email: 'admin@vetconsult.local', password: 'admin-demo-2026' };

/** An account made for one test, so that the seeded accounts' data stay as seeded whatever the run order. */
export interface FreshAccount {
  id: number;
  username: string;
  email: string;
  password: string;
  name: string;
}

export const FRESH_PASSWORD = 'fresh-pass-2026';

async function registerThroughRest(baseURL: string, input: Record<string, unknown>): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await api.post('/api/auth/register', { data: input });
    const text = await response.text();
    expect(response.status(), `register: ${text}`).toBe(201);
    return (JSON.parse(text) as { id: number }).id;
  } finally {
    await api.dispose();
  }
}

/** A new veterinarian (REST register), signed out; sign in with `signIn(page, vet.username, vet.password)`. */
export async function freshVet(
  baseURL: string,
  { name = 'Dr. Fresh Vet', clinicName = 'E2E Fresh Clinic' }: { name?: string; clinicName?: string } = {},
): Promise<FreshAccount & { clinicName: string }> {
  const username = unique('vet');
  const email = `${username}@e2e.example`;
  const id = await registerThroughRest(baseURL, {
    username,
    email,
    password: FRESH_PASSWORD,
    name,
    role: 'VETERINARIAN',
    clinicName,
    clinicAddress: '1 King St W, Toronto, ON M5H 1A1',
  });
  return { id, username, email, password: FRESH_PASSWORD, name, clinicName };
}

/** A new specialist, registered through REST and approved by the administrator, so it can accept cases. */
export async function freshSpecialist(
  baseURL: string,
  specialty: string,
  name = `Dr. Fresh ${unique('')}`,
): Promise<FreshAccount & { specialty: string }> {
  const username = unique('spec');
  const email = `${username}@e2e.example`;
  const id = await registerThroughRest(baseURL, {
    username,
    email,
    password: FRESH_PASSWORD,
    name,
    role: 'SPECIALIST',
    specialty,
  });
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await admin.post('/api/auth/login', { data: { username: ADMIN.email, password: ADMIN.password } });
    expect(login.ok(), await login.text()).toBe(true);
    const approved = await admin.put(`/api/admin/approve-specialist/${id}`);
    expect(approved.ok(), await approved.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
  return { id, username, email, password: FRESH_PASSWORD, name, specialty };
}
