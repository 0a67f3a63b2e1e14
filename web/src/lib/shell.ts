import { useSyncExternalStore } from 'react';

// Which signed-in frame (SPEC §2 "Page frame and navigation"): the header frame, or the second
// variant with a fixed sidebar. The spec does not say how a user gets the second one; it is a
// per-browser choice kept in localStorage under `shell`, default the header frame.

export type Shell = 'header' | 'sidebar';
const STORAGE_KEY = 'shell';
const listeners = new Set<() => void>();

function readStoredShell(): Shell {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'sidebar' ? 'sidebar' : 'header';
  } catch {
    return 'header';
  }
}

let shell: Shell = readStoredShell();

function notify(): void {
  for (const listener of listeners) listener();
}

export function setShell(next: Shell): void {
  shell = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
  notify();
}

// Another tab changed it.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  shell = readStoredShell();
  notify();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShell(): Shell {
  return useSyncExternalStore(subscribe, () => shell);
}
