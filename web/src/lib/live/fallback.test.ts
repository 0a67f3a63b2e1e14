import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SocketStatus } from '../socket-status';
import {
  type FallbackState,
  fallbackStep,
  INITIAL_FALLBACK_STATE,
  type PollableQuery,
  startFallback,
} from './fallback';

const STATUSES: SocketStatus[] = ['idle', 'connecting', 'connected', 'reconnecting'];

/** Runs `fallbackStep` over `statuses` from the initial state; returns each step. */
function run(statuses: SocketStatus[], live = true) {
  let state: FallbackState = INITIAL_FALLBACK_STATE;
  return statuses.map((status) => {
    const step = fallbackStep(state, status, live);
    state = step.state;
    return step;
  });
}

describe('fallbackStep', () => {
  it.each(STATUSES.filter((status) => status !== 'connected'))('polls while the socket is %s', (status) => {
    expect(fallbackStep(INITIAL_FALLBACK_STATE, status, true)).toMatchObject({ poll: true, refetch: false });
  });

  it('does not poll while the socket is connected', () => {
    expect(fallbackStep(INITIAL_FALLBACK_STATE, 'connected', true)).toEqual({
      state: { missed: false },
      poll: false,
      refetch: false,
    });
  });

  it('remembers a drop, and only a drop', () => {
    expect(fallbackStep(INITIAL_FALLBACK_STATE, 'reconnecting', true).state).toEqual({ missed: true });
    expect(fallbackStep(INITIAL_FALLBACK_STATE, 'idle', true).state).toEqual({ missed: false });
    expect(fallbackStep(INITIAL_FALLBACK_STATE, 'connecting', true).state).toEqual({ missed: false });
    // Once dropped, idle or connecting do not make the missed events caught up.
    expect(fallbackStep({ missed: true }, 'idle', true).state).toEqual({ missed: true });
    expect(fallbackStep({ missed: true }, 'connecting', true).state).toEqual({ missed: true });
  });

  it('refetches once when the socket is connected again after a drop, and stops polling', () => {
    expect(fallbackStep({ missed: true }, 'connected', true)).toEqual({
      state: { missed: false },
      poll: false,
      refetch: true,
    });
  });

  it('does not refetch on the first connection (the query has just been fetched)', () => {
    expect(run(['idle', 'connecting', 'connected']).map((step) => step.refetch)).toEqual([false, false, false]);
  });

  it('catches up after a drop that went through idle (the socket restarted while down)', () => {
    const steps = run(['connecting', 'connected', 'reconnecting', 'idle', 'connecting', 'connected']);
    expect(steps.map((step) => step.refetch)).toEqual([false, false, false, false, false, true]);
    expect(steps.map((step) => step.poll)).toEqual([true, false, true, true, true, false]);
  });

  it('catches up when the page opened with the socket already down', () => {
    expect(run(['reconnecting', 'connected']).map((step) => step.refetch)).toEqual([false, true]);
  });

  it('refetches once per reconnect, however many retries the drop took', () => {
    const steps = run(['connected', 'reconnecting', 'reconnecting', 'reconnecting', 'connected', 'connected']);
    expect(steps.filter((step) => step.refetch)).toHaveLength(1);
    expect(steps[4]?.refetch).toBe(true);
  });

  it('neither polls nor refetches a query that is not live, whatever the socket does', () => {
    for (const step of run(['connecting', 'connected', 'reconnecting', 'idle', 'reconnecting', 'connected'], false)) {
      expect(step.poll).toBe(false);
      expect(step.refetch).toBe(false);
    }
  });

  it('keeps the same state object when nothing changed', () => {
    const state: FallbackState = { missed: true };
    expect(fallbackStep(state, 'reconnecting', true).state).toBe(state);
  });

  it('over any sequence: polls exactly while live and not connected, refetches exactly on a reconnect', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATUSES), { maxLength: 40 }), fc.boolean(), (statuses, live) => {
        const steps = run(statuses, live);
        let droppedSinceConnected = false;
        statuses.forEach((status, index) => {
          const step = steps[index];
          expect(step?.poll).toBe(live && status !== 'connected');
          expect(step?.refetch).toBe(live && status === 'connected' && droppedSinceConnected);
          if (status === 'connected') droppedSinceConnected = false;
          if (status === 'reconnecting') droppedSinceConnected = true;
        });
      }),
    );
  });
});

/** A query that records what the fallback asks of it. */
function recordingQuery(refetch: () => unknown = () => Promise.resolve()) {
  const calls: string[] = [];
  const query: PollableQuery = {
    startPolling: (intervalMs) => calls.push(`start ${intervalMs}`),
    stopPolling: () => calls.push('stop'),
    refetch: () => {
      calls.push('refetch');
      return refetch();
    },
  };
  return { calls, query: { current: query } };
}

/** A socket status source like lib/socket-status.ts. */
function statusSource(initial: SocketStatus) {
  let status = initial;
  const listeners = new Set<(status: SocketStatus) => void>();
  return {
    get status() {
      return status;
    },
    set(next: SocketStatus) {
      status = next;
      for (const listener of listeners) listener(next);
    },
    onStatus(listener: (status: SocketStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
  };
}

describe('startFallback', () => {
  it('polls while down, stops and refetches once on reconnect, polls again on the next drop', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('connecting');
    const state = { current: INITIAL_FALLBACK_STATE };
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 15_000, live: true });
    expect(calls).toEqual(['start 15000']);

    socket.set('connected');
    socket.set('reconnecting');
    socket.set('reconnecting');
    socket.set('connected');
    socket.set('reconnecting');
    expect(calls).toEqual(['start 15000', 'stop', 'start 15000', 'stop', 'refetch', 'start 15000']);
  });

  it('does not restart polling on each status while down (the interval keeps its rhythm)', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('idle');
    const state = { current: INITIAL_FALLBACK_STATE };
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 30_000, live: true });
    socket.set('connecting');
    socket.set('reconnecting');
    socket.set('idle');
    expect(calls).toEqual(['start 30000']);
  });

  it('stops its polling and its listener when disposed', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('reconnecting');
    const state = { current: INITIAL_FALLBACK_STATE };
    const dispose = startFallback({
      query,
      state,
      status: socket.status,
      onStatus: socket.onStatus,
      pollMs: 30_000,
      live: true,
    });
    dispose();
    expect(calls).toEqual(['start 30000', 'stop']);
    expect(socket.listenerCount()).toBe(0);
    socket.set('connected');
    expect(calls).toEqual(['start 30000', 'stop']);
  });

  it('does not stop a polling it never started', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('connected');
    const state = { current: INITIAL_FALLBACK_STATE };
    const dispose = startFallback({
      query,
      state,
      status: socket.status,
      onStatus: socket.onStatus,
      pollMs: 30_000,
      live: true,
    });
    dispose();
    expect(calls).toEqual([]);
  });

  it('remembers a drop across a restart (a new interval), and catches up on reconnect', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('connected');
    const state = { current: INITIAL_FALLBACK_STATE };
    const first = startFallback({
      query,
      state,
      status: socket.status,
      onStatus: socket.onStatus,
      pollMs: 30_000,
      live: true,
    });
    socket.set('reconnecting');
    first();
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 60_000, live: true });
    socket.set('connected');
    expect(calls).toEqual(['start 30000', 'stop', 'start 60000', 'stop', 'refetch']);
  });

  it('drives nothing for a query that is not live', () => {
    const { calls, query } = recordingQuery();
    const socket = statusSource('reconnecting');
    const state = { current: INITIAL_FALLBACK_STATE };
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 30_000, live: false });
    socket.set('connected');
    socket.set('reconnecting');
    socket.set('connected');
    expect(calls).toEqual([]);
  });

  it('uses the latest query (a render replaces the useQuery result)', () => {
    const older = recordingQuery();
    const newer = recordingQuery();
    const query = { current: older.query.current };
    const socket = statusSource('reconnecting');
    const state = { current: INITIAL_FALLBACK_STATE };
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 30_000, live: true });
    query.current = newer.query.current;
    socket.set('connected');
    expect(older.calls).toEqual(['start 30000']);
    expect(newer.calls).toEqual(['stop', 'refetch']);
  });

  it('swallows a failed refetch (the query shows its own error)', async () => {
    const { calls, query } = recordingQuery(() => Promise.reject(new Error('offline')));
    const socket = statusSource('reconnecting');
    const state = { current: INITIAL_FALLBACK_STATE };
    startFallback({ query, state, status: socket.status, onStatus: socket.onStatus, pollMs: 30_000, live: true });
    socket.set('connected');
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['start 30000', 'stop', 'refetch']);
  });
});
