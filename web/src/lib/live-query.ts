import { useEffect, useRef } from 'react';
import { type SocketStatus, useSocketStatus } from './socket-status';

// Live data (SPEC §9 polling intervals, replaced by subscriptions): a screen subscribes to the events
// that change its data and refetches on each. The spec's HTTP polling is kept only as the fallback
// while the socket is not connected, and a reconnect refetches once to catch up on missed events.

/** The part of a useQuery result this hook drives. */
export interface LiveQueryControls {
  startPolling(intervalMs: number): void;
  stopPolling(): void;
  refetch(): unknown;
}

/**
 * Polls `query` every `intervalMs` only while the socket is down (connecting, reconnecting, or idle
 * because no subscription could start); stops as soon as it is connected. Returns the socket status.
 */
export function useLivePolling(query: LiveQueryControls, intervalMs: number, enabled = true): SocketStatus {
  const status = useSocketStatus();
  // The controls change identity between renders; the effect only needs the latest ones.
  const controls = useRef(query);
  controls.current = query;
  const previous = useRef<SocketStatus>(status);

  useEffect(() => {
    const wasDown = previous.current === 'reconnecting';
    previous.current = status;
    if (!enabled) {
      controls.current.stopPolling();
      return;
    }
    if (status === 'connected') {
      controls.current.stopPolling();
      if (wasDown) void Promise.resolve(controls.current.refetch()).catch(() => undefined);
      return;
    }
    controls.current.startPolling(intervalMs);
    return () => controls.current.stopPolling();
  }, [status, intervalMs, enabled]);

  return status;
}
