import type { SocketStatus } from '../socket-status';

// The polling fallback of a live query (lib/live-query.ts), as a pure step function so that every socket
// transition can be tested without a browser. SPEC §9's polling runs only while the GraphQL socket is not
// connected; a query whose socket dropped may have missed events, so it refetches once when the socket is
// connected again.

export interface FallbackState {
  /** The socket dropped since it was last connected: events may have been missed. */
  missed: boolean;
}

export interface FallbackStep {
  state: FallbackState;
  /** Poll the query at its interval (true) or not at all (false). */
  poll: boolean;
  /** Refetch the query once, now. */
  refetch: boolean;
}

export const INITIAL_FALLBACK_STATE: FallbackState = { missed: false };

/**
 * The next step of a query's fallback when the socket status is `status`. `live` is false for a query that
 * is skipped or not kept live (no subscription): it is neither polled nor refetched, but a drop is still
 * remembered, so a query that becomes live while the socket is down catches up when it reconnects.
 */
export function fallbackStep(state: FallbackState, status: SocketStatus, live: boolean): FallbackStep {
  if (status === 'connected') {
    return { state: { missed: false }, poll: false, refetch: live && state.missed };
  }
  // idle (no subscription could start yet), connecting (first connection), reconnecting (dropped).
  const missed = state.missed || status === 'reconnecting';
  return { state: missed === state.missed ? state : { missed }, poll: live, refetch: false };
}

/** The part of a query this fallback drives (a useQuery result has all three). */
export interface PollableQuery {
  startPolling(intervalMs: number): void;
  stopPolling(): void;
  refetch(): unknown;
}

export interface FallbackOptions {
  /** The query as of the latest render (a useQuery result changes identity between renders). */
  query: { readonly current: PollableQuery };
  /** Kept by the caller across restarts (a new interval or `live`), so a drop is not forgotten. */
  state: { current: FallbackState };
  status: SocketStatus;
  onStatus(listener: (status: SocketStatus) => void): () => void;
  pollMs: number;
  live: boolean;
}

/**
 * Applies `fallbackStep` to the current socket status and then to every change of it, starting and
 * stopping the query's polling and refetching it; returns the function that stops all that.
 */
export function startFallback({ query, state, status, onStatus, pollMs, live }: FallbackOptions): () => void {
  let polling = false;
  const apply = (next: SocketStatus) => {
    const step = fallbackStep(state.current, next, live);
    state.current = step.state;
    if (step.poll && !polling) query.current.startPolling(pollMs);
    if (!step.poll && polling) query.current.stopPolling();
    polling = step.poll;
    // A failed refetch shows in the query's own error state; the next event or poll tries again.
    if (step.refetch) void Promise.resolve(query.current.refetch()).catch(() => undefined);
  };
  apply(status);
  const unsubscribe = onStatus(apply);
  return () => {
    unsubscribe();
    if (polling) query.current.stopPolling();
  };
}
