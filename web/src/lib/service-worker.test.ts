import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { NAVIGATE_MESSAGE } from './notification-navigation';

// The service worker (web/public/sw.js) run as it is, in a stand-in for the browser's worker scope: the
// push it shows and what a click on it does. Headless Chromium can show a notification but cannot click
// one (web/e2e/notifications.spec.ts delivers a real push event to the real worker); the click is tested
// here.

const ORIGIN = 'https://app.vetconsult.example';
const SOURCE = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8');

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, focused = false): FakeWindow {
  const tab: FakeWindow = { url, focused, focus: vi.fn(), postMessage: vi.fn() };
  tab.focus.mockImplementation(async () => tab);
  return tab;
}

/** Loads sw.js into a fresh scope; `dispatch` fires one event and waits for what it handed to waitUntil. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async (_title: string, _options: Record<string, unknown>) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
  const scope = {
    location: new URL('/sw.js', ORIGIN),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn(async () => {}), matchAll: vi.fn(async () => windows), openWindow },
    registration: { showNotification, pushManager: { subscribe: vi.fn() } },
  };
  runInNewContext(SOURCE, { self: scope, URL, JSON, fetch, console });
  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`sw.js does not listen for ${type}`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }
  return { dispatch, showNotification, openWindow, fetch, matchAll: scope.clients.matchAll };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

const message = {
  title: 'New case assigned',
  body: 'Bella (canine) is waiting for you.',
  url: `${ORIGIN}/specialist/case/3f2a1c9e`,
  tag: 'case-3f2a1c9e',
};

describe('a push', () => {
  it('shows its title and body, tagged by case (a newer one replaces it and alerts again), with the case address', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: pushData(message) });
    expect(worker.showNotification).toHaveBeenCalledWith('New case assigned', {
      body: message.body,
      icon: '/favicon.svg',
      tag: message.tag,
      renotify: true,
      data: { url: message.url },
    });
  });

  it('keeps the address on this site, whatever it was given', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: pushData({ ...message, url: 'https://evil.example/steal?x=1' }) });
    expect(worker.showNotification.mock.calls[0]?.[1]).toMatchObject({ data: { url: `${ORIGIN}/steal?x=1` } });
  });

  it('still shows something for a push that is not JSON, or has no data', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: { json: () => JSON.parse('plain words'), text: () => 'plain words' } });
    await worker.dispatch('push', { data: null });
    expect(worker.showNotification.mock.calls.map(([title, options]) => [title, options.body, options.tag])).toEqual([
      ['VetConsult', 'plain words', undefined],
      ['VetConsult', '', undefined],
    ]);
  });
});

describe('a click on the notification', () => {
  const click = (url: string) => {
    const close = vi.fn();
    return { close, event: { notification: { close, data: { url } } } };
  };

  it('focuses an open VetConsult tab and asks it to open the case', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const background = fakeWindow(`${ORIGIN}/dashboard`);
    const focused = fakeWindow(`${ORIGIN}/consults`, true);
    const worker = loadWorker([other, background, focused]);
    const { close, event } = click(message.url);
    await worker.dispatch('notificationclick', event);
    expect(close).toHaveBeenCalled();
    expect(worker.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.postMessage).toHaveBeenCalledWith({ type: NAVIGATE_MESSAGE, url: message.url });
    expect(background.postMessage).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('uses any VetConsult tab when none has focus', async () => {
    const background = fakeWindow(`${ORIGIN}/dashboard`);
    const worker = loadWorker([fakeWindow('https://elsewhere.example/'), background]);
    await worker.dispatch('notificationclick', click(message.url).event);
    expect(background.focus).toHaveBeenCalled();
    expect(background.postMessage).toHaveBeenCalledWith({ type: NAVIGATE_MESSAGE, url: message.url });
  });

  it('opens a new window on the case when no VetConsult tab is open', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const worker = loadWorker([other]);
    await worker.dispatch('notificationclick', click(message.url).event);
    expect(worker.openWindow).toHaveBeenCalledWith(message.url);
    expect(other.postMessage).not.toHaveBeenCalled();
  });
});

describe('a subscription the browser replaced', () => {
  it('is registered again for whoever is signed in here', async () => {
    const worker = loadWorker();
    const subscription = { toJSON: () => ({ endpoint: 'https://push.example/new', keys: { p256dh: 'B', auth: 'a' } }) };
    await worker.dispatch('pushsubscriptionchange', { newSubscription: subscription, oldSubscription: null });
    expect(worker.fetch).toHaveBeenCalledWith('/api/profile/push-subscriptions', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
  });
});
