import { mkdir } from 'node:fs/promises';
import { type Browser, expect as baseExpect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { apiSession, NGUYEN, PATEL, prepareCase, userId } from './case-fixtures';
import { reviewedCaseWithRevisit } from './revisit-fixtures';
import { ARTIFACTS } from './screenshots';
import { ADMIN, DEMO_PASSWORD } from './support';

// The machine the specs run on is shared and often overloaded: allow slow renders.
const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 22 item 3: no page of any role scrolls horizontally at 320, 375, 768 and 1,024 px, in both
// frames (header and sidebar). One signed-in page per role (storageState from one REST sign-in);
// each route is loaded once per frame and measured at every width by resizing the viewport.

const WIDTHS = [320, 375, 768, 1024] as const;
const FRAMES = ['header', 'sidebar'] as const;

interface Visit {
  path: string;
  /** Tabs to click in turn after loading (e.g. the settings sections); each is measured too. */
  tabs?: string[];
}

async function storageStateFor(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const state = await api.storageState();
  await api.dispose();
  return state;
}

/** Waits until the route has rendered its data: a heading in main, and no spinner or skeleton left there. */
async function settle(page: Page) {
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('main .animate-spin, main .animate-pulse'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/** The widest elements sticking out past the viewport, to name the culprit in a failure. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right > root.clientWidth + 1 && rect.width > 0) {
        const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 4).join('.')}`;
        culprits.push(`${name} (right ${Math.round(rect.right)})`);
      }
      if (culprits.length >= 3) break;
    }
    return `scrollWidth ${root.scrollWidth} > ${root.clientWidth}: ${culprits.join('; ')}`;
  });
}

async function measureAllWidths(page: Page, label: string, failures: string[], shotName?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Two frames: the resize, then React's re-render of anything width-dependent.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const problem = await overflow(page);
    if (problem) failures.push(`${label} @${width}: ${problem}`);
    // The viewport only: the frames' bars are fixed or sticky.
    if (shotName) await page.screenshot({ path: `${ARTIFACTS}/${shotName}-${width}.png` });
  }
}

/** Client-side navigation (the router follows popstate): no reload, so each route costs only its data. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

/** Switches the frame as another tab would (lib/shell.ts follows the storage event). */
async function switchFrame(page: Page, frame: (typeof FRAMES)[number]) {
  await page.evaluate((value) => {
    window.localStorage.setItem('shell', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'shell', newValue: value }));
  }, frame);
}

async function checkRole(
  browser: Browser,
  baseURL: string,
  username: string,
  visits: Visit[],
  { password, theme = 'light' }: { password?: string; theme?: 'light' | 'dark' } = {},
) {
  const context = await browser.newContext({ storageState: await storageStateFor(baseURL, username, password) });
  const page = await context.newPage();
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  const failures: string[] = [];
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/dashboard');
  await settle(page);
  for (const frame of FRAMES) {
    await switchFrame(page, frame);
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(frame === 'sidebar' ? 1 : 0);
    for (const { path, tabs = [] } of visits) {
      await page.setViewportSize({ width: 1024, height: 800 });
      await visit(page, path);
      // The frames at each width, on the first page of the role (e2e-artifacts/frame-*.png).
      const shot = path === visits[0]?.path ? `frame-${frame}-${username.split('@')[0]}-${theme}` : undefined;
      await measureAllWidths(page, `${username} ${frame} ${path}`, failures, shot);
      for (const tab of tabs) {
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await settle(page);
        await measureAllWidths(page, `${username} ${frame} ${path} [${tab}]`, failures);
      }
    }
  }
  await context.close();
  expect(failures, failures.join('\n')).toEqual([]);
}

const SETTINGS_TABS = ['Password', 'Notifications'];

interface NguyenCases {
  pending: string;
  reviewed: string;
  revisit: string;
  draft: string;
}

let made: Promise<NguyenCases> | undefined;

/**
 * Dr. Nguyen's cases of every kind, made once per worker for the role tests (the tests of this file may run
 * on both workers; a beforeAll would run before each of them and pile cases on the seeded accounts).
 */
function nguyenCases(baseURL: string): Promise<NguyenCases> {
  made ??= makeNguyenCases(baseURL);
  return made;
}

async function makeNguyenCases(base: string): Promise<NguyenCases> {
  const { original, revisit } = await reviewedCaseWithRevisit(base, NGUYEN, PATEL);
  const vet = await apiSession(base, NGUYEN.username);
  const spec = await apiSession(base, PATEL.username);
  const pending = await prepareCase(vet, { id: await userId(spec), specialty: PATEL.specialty });
  await pending.activate();
  const draft = await vet.post('/api/consults/drafts', {
    data: { specialty: 'Cardiology', patientName: 'Draftie', familyLastName: 'Scroll', species: 'Feline' },
  });
  expect(draft.ok()).toBe(true);
  const cases = {
    pending: pending.uuid,
    reviewed: original.uuid,
    revisit: revisit.uuid,
    draft: ((await draft.json()) as { uuid: string }).uuid,
  };
  await vet.dispose();
  await spec.dispose();
  return cases;
}

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

test('the public pages fit at every width', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const failures: string[] = [];
  for (const path of ['/auth', '/reset-password/not-a-real-token']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await measureAllWidths(page, path, failures);
  }
  await page.goto('/auth');
  for (const tab of ['Register', 'Reset Password']) {
    const control = page.getByRole('tab', { name: tab });
    if (await control.count()) {
      await control.first().click();
      await measureAllWidths(page, `/auth [${tab}]`, failures);
    }
  }
  await context.close();
  expect(baseURL).toBeTruthy();
  expect(failures, failures.join('\n')).toEqual([]);
});

test('a veterinarian: no route scrolls sideways', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const c = await nguyenCases(baseURL ?? '');
  await checkRole(browser, baseURL ?? '', NGUYEN.username, [
    { path: '/dashboard' },
    { path: '/consults' },
    { path: '/consults?status=draft' },
    { path: '/consults/new' },
    { path: `/consults/new?draft=${c.draft}` },
    { path: `/consults/${c.pending}` },
    { path: `/consults/${c.reviewed}` },
    { path: `/consults/${c.revisit}` },
    { path: `/consults/revisit/${c.reviewed}` },
    { path: '/settings', tabs: SETTINGS_TABS },
    { path: '/profile' },
    { path: '/availability' },
    { path: '/specialist-dashboard' },
    { path: '/admin/specialists' },
    { path: '/admin/users' },
    { path: '/no-such-page' },
  ]);
});

test('a specialist: no route scrolls sideways', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const c = await nguyenCases(baseURL ?? '');
  await checkRole(browser, baseURL ?? '', PATEL.username, [
    { path: '/specialist-dashboard' },
    { path: '/dashboard' },
    { path: '/consults' },
    { path: `/consults/${c.pending}` },
    { path: `/consults/${c.revisit}` },
    { path: '/availability', tabs: ['Calendar View'] },
    { path: '/settings', tabs: SETTINGS_TABS },
    { path: '/profile' },
  ]);
});

test('the administrator: no route scrolls sideways', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const c = await nguyenCases(baseURL ?? '');
  await checkRole(
    browser,
    baseURL ?? '',
    ADMIN.email,
    [
      { path: '/dashboard' },
      { path: '/consults' },
      { path: `/consults/${c.reviewed}` },
      { path: `/consults/${c.revisit}` },
      { path: '/settings', tabs: [...SETTINGS_TABS, 'Admin'] },
      { path: '/profile' },
      { path: '/admin/specialists' },
      { path: '/admin/users' },
      { path: '/admin/operations' },
    ],
    { password: ADMIN.password, theme: 'dark' },
  );
});
