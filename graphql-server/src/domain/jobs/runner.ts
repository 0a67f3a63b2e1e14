// Background work off the request path, in process: items are queued and run one at a time (the work
// is CPU-bound: PDF rendering, image decoding), after the request that queued them has answered. A
// queue-backed runner (the job queue of the notifications issue) would offer the same four calls.

export interface JobRunner<T> {
  /** Queues an item (once: an item already waiting is not queued again) and starts soon; returns at once. */
  add(item: T): void;
  /** Queues the items a previous process left pending (the runner's `pending` source). */
  resumePending(): Promise<void>;
  /** Resolves once nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking work and waits for the item being run. */
  stop(): Promise<void>;
}

export function createJobRunner<T>(options: {
  /** Does one item; a failure is reported to `failed`, never thrown to whoever queued it. */
  run: (item: T) => Promise<void>;
  failed: (error: unknown, item: T) => unknown;
  /** The items left pending by a previous process, if the work records them. */
  pending?: () => Promise<T[]>;
}): JobRunner<T> {
  const queue: T[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;

  function pump() {
    if (running || stopped) return;
    running = (async () => {
      // Yield first: the request that queued the item answers before the work starts.
      await new Promise((resolve) => setImmediate(resolve));
      for (let item = queue.shift(); item !== undefined && !stopped; item = queue.shift()) {
        await options.run(item).catch((error) => options.failed(error, item));
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) pump();
    });
  }

  const runner: JobRunner<T> = {
    add(item) {
      if (!queue.includes(item)) queue.push(item);
      pump();
    },
    async resumePending() {
      for (const item of (await options.pending?.()) ?? []) runner.add(item);
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      while (running) await running;
    },
  };
  return runner;
}
