import { useSyncExternalStore } from 'react';

// Toasts (SPEC §4, §9): one visible at a time, 5000 ms by default. A newer toast replaces the
// visible one. The toaster (components/ui/toaster.tsx) renders them; anything may call toast().

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** SPEC §4: a dismissed toast is removed after 1,000,000 ms (it is hidden once its exit animation ends). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long the exit animation of a dismissed toast lasts (the toaster's transition). */
export const TOAST_EXIT_MS = 200;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const entry: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
    open: true,
  };
  emit([entry, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes a toast: it animates out, is hidden, and leaves the list after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id: number): void {
  if (!toasts.some((t) => t.id === id && t.open)) return;
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  window.setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY_MS);
}

function removeToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts);
}
