import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshVet, signIn } from './support';

// Issue 14, "Notify me on this device" and the service worker, as far as headless Chromium allows.
// What is real here: the notifications permission (granted or denied through the browser), the service
// worker registered from /sw.js, the server's VAPID key handed to pushManager.subscribe, the
// subscription stored by the server (and removed), and a push event delivered to the real worker
// (DevTools' ServiceWorker.deliverPushMessage), which shows the notification.
// What is not: headless Chromium has no push service here — pushManager.subscribe() fails with
// "AbortError: Registration failed - permission denied" even with the permission granted (and offline
// there is no push service to reach) — so PushManager's subscribe/getSubscription are replaced by an
// init script that makes a subscription of the browser's shape (real P-256 key and auth secret from
// WebCrypto) and records the key it was asked to use. A click on a system notification cannot be made
// headless either: the worker's click handler is tested in web/src/lib/service-worker.test.ts.

test.describe.configure({ timeout: 90_000 });

/** Replaces PushManager's subscribe/getSubscription with a subscription kept in localStorage. */
async function fakePushService(context: BrowserContext) {
  await context.addInitScript(() => {
    const STORE = 'e2e-push-subscription';
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromB64 = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; serverKey: string };
    const asSubscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromB64(stored.serverKey).buffer },
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = localStorage.getItem(STORE);
      return (stored ? asSubscription(JSON.parse(stored)) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed', 'NotAllowedError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const key = options?.applicationServerKey as Uint8Array;
      const stored: Stored = {
        endpoint: `http://127.0.0.1:9/e2e-push/${crypto.randomUUID()}`,
        keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
        serverKey: b64(new Uint8Array(key)),
      };
      localStorage.setItem(STORE, JSON.stringify(stored));
      return asSubscription(stored) as unknown as PushSubscription;
    };
  });
}

async function storedSubscription(page: Page) {
  return page.evaluate(() => {
    const stored = localStorage.getItem('e2e-push-subscription');
    return stored ? (JSON.parse(stored) as { endpoint: string; serverKey: string }) : null;
  });
}

async function isRegistered(page: Page, endpoint: string): Promise<boolean> {
  const response = await page.request.get(`/api/profile/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { registered: boolean }).registered;
}

async function openNotificationSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
}

const deviceSwitch = (page: Page) => page.getByRole('switch', { name: 'Notify me on this device' });

test('turning "Notify me on this device" on registers this browser with the server; a push is shown; off removes it', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  await fakePushService(context);
  const vet = await freshVet(baseURL ?? '');
  await signIn(page, vet.username, vet.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openNotificationSettings(page);

  // Each switch says what it sends.
  await expect(
    page.getByText(/^Sends an e-mail, and an alert to each device you turn on below, when a case is assigned/),
  ).toBeVisible();
  await expect(deviceSwitch(page)).not.toBeChecked();
  await deviceSwitch(page).click();
  await expect(deviceSwitch(page)).toBeChecked();
  await expect(page.getByText('This device will be notified', { exact: true })).toBeVisible();

  // Subscribed with the server's VAPID key, and stored by the server for this user.
  const subscription = await storedSubscription(page);
  expect(subscription).not.toBeNull();
  const { publicKey } = (await (await page.request.get('/api/profile/push-key')).json()) as { publicKey: string };
  expect(subscription?.serverKey).toBe(publicKey);
  expect(await isRegistered(page, subscription?.endpoint ?? '')).toBe(true);

  // The real service worker from /sw.js, revalidated on every load (never cached as immutable).
  const worker = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
  );
  expect(worker).toBe(`${origin}/sw.js`);
  const script = await page.request.get('/sw.js');
  expect(script.headers()['cache-control']).toBe('no-cache');

  // A push delivered to the worker is shown with its title, body, tag and the case's address.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    title: 'New case assigned',
    body: 'Bella (canine) is waiting for you.',
    url: `${origin}/specialist/case/00000000-0000-4000-8000-000000000014`,
    tag: 'case-00000000-0000-4000-8000-000000000014',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
      }),
    )
    .toEqual([message]);

  // After a reload the switch reads the server: still on.
  await openNotificationSettings(page);
  await expect(deviceSwitch(page)).toBeChecked();

  await deviceSwitch(page).click();
  await expect(deviceSwitch(page)).not.toBeChecked();
  await expect(page.getByText('This device will no longer be notified', { exact: true })).toBeVisible();
  expect(await isRegistered(page, subscription?.endpoint ?? '')).toBe(false);
  expect(await storedSubscription(page)).toBeNull();
});

test('a browser that blocks notifications, or cannot show them, is told so and the switch stays off', async ({
  page,
  context,
  baseURL,
}) => {
  const vet = await freshVet(baseURL ?? '');
  await signIn(page, vet.username, vet.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The denial as the page sees it (DevTools' Browser.setPermission did not reach Notification.permission here).
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await openNotificationSettings(page);
  await expect(page.getByText(/^Notifications are blocked for VetConsult in this browser\./)).toBeVisible();
  await expect(deviceSwitch(page)).toBeDisabled();
  await expect(deviceSwitch(page)).not.toBeChecked();

  await context.addInitScript(() => {
    // A browser without the Push API (e.g. Safari on iPhone outside a Home Screen app).
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await openNotificationSettings(page);
  await expect(page.getByText(/^This browser cannot show notifications from VetConsult\./)).toBeVisible();
  await expect(deviceSwitch(page)).toBeDisabled();
});

for (const shot of SHOTS) {
  test(`screenshot: notification settings, ${shot.theme} ${shot.width}px`, async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
    await fakePushService(context);
    await prepareShot(page, shot);
    const vet = await freshVet(baseURL ?? '');
    await signIn(page, vet.username, vet.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openNotificationSettings(page);
    await deviceSwitch(page).click();
    await expect(deviceSwitch(page)).toBeChecked();
    await shoot(page, 'settings-notifications', shot);
  });
}
