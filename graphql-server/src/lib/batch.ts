// Look-ups of distinct keys asked for at about the same time, answered by one query: what a reconnect
// storm needs (10,000 sockets of 10,000 users each asking for their session: one `IN (...)` read per
// batch instead of one round trip per socket). Keys asked for in one turn of the event loop, and all
// those asked for while a batch is being read, form the next batch (at most `maxBatch` keys a query),
// so a quiet server answers a lone look-up after one setImmediate, and a busy one batches more.

export interface BatchLoaderOptions {
  /** Keys per query at most. */
  maxBatch?: number;
  /**
   * Callers answered per turn of the event loop. What each caller does next (a socket's set-up and
   * its acknowledgement) runs in that turn: 500 at once held the loop for over a second in a storm,
   * and another user's request waited behind it.
   */
  answerChunk?: number;
}

export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  fallback: V,
  options: BatchLoaderOptions = {},
): (key: K) => Promise<V> {
  const maxBatch = options.maxBatch ?? 500;
  const answerChunk = options.answerChunk ?? 50;
  type Waiter = { resolve: (value: V) => void; reject: (error: unknown) => void };
  let waiting = new Map<K, Waiter[]>();
  let scheduled = false;
  let reading = 0;

  function schedule() {
    if (scheduled || reading > 0 || waiting.size === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  /** Settles the callers of `keys`, `answerChunk` of them per turn of the event loop. */
  function answer(callers: Map<K, Waiter[]>, keys: K[], settle: (key: K, waiter: Waiter) => void): Promise<void> {
    const queue: Array<[K, Waiter]> = [];
    for (const key of keys) for (const waiter of callers.get(key) ?? []) queue.push([key, waiter]);
    return new Promise((done) => {
      let next = 0;
      const turn = () => {
        const end = Math.min(queue.length, next + answerChunk);
        for (; next < end; next++) {
          const [key, waiter] = queue[next] as [K, Waiter];
          settle(key, waiter);
        }
        if (next < queue.length) setImmediate(turn);
        else done();
      };
      turn();
    });
  }

  function flush() {
    scheduled = false;
    const callers = waiting;
    waiting = new Map();
    const keys = [...callers.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const batch = keys.slice(start, start + maxBatch);
      reading++;
      loadMany(batch)
        .then(
          (found) => answer(callers, batch, (key, waiter) => waiter.resolve(found.get(key) ?? fallback)),
          (error: unknown) => answer(callers, batch, (_key, waiter) => waiter.reject(error)),
        )
        .finally(() => {
          reading--;
          schedule();
        });
    }
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      schedule();
    });
}
