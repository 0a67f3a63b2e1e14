import { useSyncExternalStore } from 'react';

/**
 * State of the GraphQL WebSocket, for a "live / reconnecting" indicator and, later, a polling
 * fallback while the socket is down. `idle` means no socket is needed (no active subscription).
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

let current: SocketStatus = 'idle';
const listeners = new Set<() => void>();

export function setSocketStatus(next: SocketStatus): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function getSocketStatus(): SocketStatus {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribe, getSocketStatus, getSocketStatus);
}
