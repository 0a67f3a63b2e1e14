import { useSyncExternalStore } from 'react';

/**
 * State of the GraphQL WebSocket, for the "Live / Reconnecting" indicator and the polling fallback of
 * live queries (lib/live-query.ts). `idle` means no socket is needed (no active subscription).
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

let current: SocketStatus = 'idle';
const listeners = new Set<(status: SocketStatus) => void>();

export function setSocketStatus(next: SocketStatus): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(next);
}

export function getSocketStatus(): SocketStatus {
  return current;
}

/** Calls `listener` on every change of status, each one (a render may see only the last of several). */
export function onSocketStatus(listener: (status: SocketStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(onSocketStatus, getSocketStatus, getSocketStatus);
}
