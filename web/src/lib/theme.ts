import { useSyncExternalStore } from 'react';

// Light, dark or system theme (SPEC §1), kept in localStorage under `theme`, default system.
// Dark mode is class-based: `.dark` on <html> (index.html applies it before first paint).

export type Theme = 'light' | 'dark' | 'system';
export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const STORAGE_KEY = 'theme';

const media = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  } catch {
    return 'system';
  }
}

let theme: Theme = readStoredTheme();

function apply(): void {
  const dark = theme === 'dark' || (theme === 'system' && media.matches);
  document.documentElement.classList.toggle('dark', dark);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setTheme(next: Theme): void {
  theme = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
  apply();
  notify();
}

media.addEventListener('change', () => {
  if (theme === 'system') {
    apply();
    notify();
  }
});
// Another tab changed the theme.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) {
    theme = readStoredTheme();
    apply();
    notify();
  }
});
apply();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getTheme = () => theme;
const getResolved = (): 'light' | 'dark' =>
  theme === 'dark' || (theme === 'system' && media.matches) ? 'dark' : 'light';

export function useTheme(): { theme: Theme; resolvedTheme: 'light' | 'dark'; setTheme: (next: Theme) => void } {
  const current = useSyncExternalStore(subscribe, getTheme);
  const resolvedTheme = useSyncExternalStore(subscribe, getResolved);
  return { theme: current, resolvedTheme, setTheme };
}
