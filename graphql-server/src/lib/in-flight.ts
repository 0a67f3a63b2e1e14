// Work that must finish before the database closes: HTTP handlers (app.ts) and WebSocket messages being
// handled (graphql/socket-server.ts). Shutdown waits for it after the server stops accepting. The HTTP
// server alone cannot tell: it counts connections, and a client that leaves (a closed tab, a proxy's
// timeout) ends its connection while its handler runs on, with writes still to make.

export interface InFlight {
  /** Counts one piece of work from now; the function returned ends it (more calls do nothing). */
  begin(): () => void;
  /** Counts a promise's work until it settles. */
  track(work: Promise<unknown>): void;
  /** How many are running. */
  readonly size: number;
  /** Resolves once none is running (at once if none is). */
  settled(): Promise<void>;
}

export function createInFlight(): InFlight {
  let running = 0;
  let waiters: Array<() => void> = [];
  const begin = () => {
    running++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      running--;
      if (running > 0) return;
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    };
  };
  return {
    begin,
    track(work) {
      const end = begin();
      work.then(end, end);
    },
    get size() {
      return running;
    },
    settled: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
