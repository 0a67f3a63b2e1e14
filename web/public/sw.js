// VetConsult's service worker: browser push (issue 14). It is registered only when someone turns on
// "Notify me on this device" (Settings › Notifications) and does nothing else: no caching, no fetch
// handler. Served at /sw.js with `Cache-Control: no-cache` (graphql-server/src/serve-web.ts: unhashed
// files are revalidated), so a deploy reaches every browser at its next check.
//
// Each push carries JSON { title, body, url, tag } (graphql-server/src/domain/notifications/push.ts).
// A click focuses an open VetConsult tab and asks it to open the case (the app navigates itself, keeping
// its state), or opens a new window on the case.

const APP_NAME = 'VetConsult';

/** The message of a push: its JSON, or its text as the body when it is not JSON. */
function readMessage(data) {
  if (!data) return { title: APP_NAME, body: '' };
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : { title: APP_NAME, body: String(message) };
  } catch {
    return { title: APP_NAME, body: data.text() };
  }
}

/** A link into this app: same origin only (a foreign or broken address opens the dashboard's path here). */
function appUrl(url) {
  let target;
  try {
    target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
  } catch {
    target = new URL('/', self.location.origin);
  }
  if (target.origin !== self.location.origin) {
    target = new URL(`${target.pathname}${target.search}${target.hash}`, self.location.origin);
  }
  return target.href;
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const tag = typeof message.tag === 'string' && message.tag ? message.tag : undefined;
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/favicon.svg',
    data: { url: appUrl(message.url) },
  };
  if (tag) {
    // A newer notice about the same case replaces the older one and still alerts.
    options.tag = tag;
    options.renotify = true;
  }
  const title = typeof message.title === 'string' && message.title ? message.title : APP_NAME;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tabs = windows.filter((client) => new URL(client.url).origin === self.location.origin);
      const tab = tabs.find((client) => client.focused) ?? tabs[0];
      if (tab) {
        const focused = await tab.focus();
        (focused ?? tab).postMessage({ type: 'vetconsult:navigate', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced this device's subscription (keys rotated, or the old one expired): the new one is
// registered for whoever is signed in here, with the session cookie, as the Settings switch does.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const subscription =
        event.newSubscription ?? (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!subscription) return;
      await fetch('/api/profile/push-subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
