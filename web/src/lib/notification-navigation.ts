import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

// A click on a browser notification (web/public/sw.js, notificationclick) focuses an open VetConsult tab
// and posts it the case's address; the tab opens it with the router, keeping its state and its socket.

export const NAVIGATE_MESSAGE = 'vetconsult:navigate';

/** The in-app path (with query and hash) of an address a notification sends, or null if it is not this app's. */
export function appPathOf(url: unknown, origin: string): string | null {
  if (typeof url !== 'string') return null;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Listens for the service worker's "open this case" while the app is mounted. */
export function useNotificationNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== NAVIGATE_MESSAGE) return;
      const path = appPathOf(data.url, window.location.origin);
      if (path) navigate(path);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
