// Look-ups of distinct keys asked for at about the same time, answered by one query: what a reconnect
// storm needs (10,000 sockets of 10,000 users each asking for their session: one `IN (...)` read per
// batch instead of one round trip per socket). Keys asked for in one turn of the event loop, and all
// those asked for while a batch is being read, form the next batch (at most `maxBatch` keys a query),
// so a quiet server answers a lone look-up after one setImmediate, and a busy one batches more.

export interface BatchLoaderOptions {
  /** Keys per query at most. */
  maxBatch?: number;
}

export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  fallback: V,
  options: BatchLoaderOptions = {},
): (key: K) => Promise<V> {
  const maxBatch = options.maxBatch ?? 500;
  type Waiter = { resolve: (value: V) => void; reject: (error: unknown) => void };
  let waiting = new Map<K, Waiter[]>();
  let scheduled = false;
  let reading = 0;

  function schedule() {
    if (scheduled || reading > 0 || waiting.size === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush() {
    scheduled = false;
    const all = waiting;
    waiting = new Map();
    const keys = [...all.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const batch = keys.slice(start, start + maxBatch);
      reading++;
      loadMany(batch)
        .then(
          (found) => {
            for (const key of batch)
              for (const waiter of all.get(key) ?? []) waiter.resolve(found.get(key) ?? fallback);
          },
          (error: unknown) => {
            for (const key of batch) for (const waiter of all.get(key) ?? []) waiter.reject(error);
          },
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
