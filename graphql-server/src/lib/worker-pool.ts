import { Piscina } from 'piscina';

// CPU-bound work off the event loop (issue 17): a small pool of worker threads (piscina) that runs the
// async functions a module exports as `tasks`. The caller gets an object of the same functions, each
// sending its arguments to a thread and resolving with what the thread returned: plain data both ways
// (structured clone: strings, numbers, Dates, arrays, objects, bytes), and a failure rejects with the
// thread's error (its message, name and stack). The threads load the module themselves (worker-entry.mjs),
// so the functions exist in one place and the main thread never loads what they import.
//
// Threads start on the first task, not with the pool (a test server or a process that renders nothing
// starts none), and stay until close(). With `threads: 0` the functions run in the calling thread, on its
// event loop (what the product did before; kept for comparison and debugging).

type AsyncTasks = Record<string, (...args: any[]) => Promise<unknown>>;

export interface WorkerPool<T extends AsyncTasks> {
  /** The module's tasks, each run on a pool thread. */
  tasks: T;
  /** Waits for the tasks running or queued, then ends the threads. */
  close(): Promise<void>;
}

/** What a pool thread receives for one call. */
export interface WorkerCall {
  module: string;
  task: string;
  args: unknown[];
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/**
 * A Buffer crosses a thread as a Uint8Array (structured clone keeps the bytes, not the class): given
 * back as a Buffer over the same memory, so a task typed to return a Buffer does.
 */
function asReturned(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

export function createWorkerPool<T extends AsyncTasks>(options: {
  /** The module exporting `tasks` (a .ts module: the threads load it through tsx, as the server runs). */
  module: URL;
  /**
   * Every task's name (the module is not loaded here to read them; the type makes the list complete).
   */
  names: Record<keyof T, true>;
  /** Threads at most (and kept once started); 0: run the tasks in the calling thread. */
  threads: number;
  /** A thread's failure outside any task (a task's own failure rejects its call instead). */
  onError: (error: unknown) => void;
}): WorkerPool<T> {
  const each = (call: (task: string, args: unknown[]) => Promise<unknown>) =>
    Object.fromEntries(Object.keys(options.names).map((task) => [task, (...args: unknown[]) => call(task, args)])) as T;

  if (options.threads === 0) {
    let loaded: Promise<T> | undefined;
    const tasks = each(async (task, args) => {
      loaded ??= import(options.module.href).then((module: { tasks: T }) => module.tasks);
      const run = (await loaded)[task];
      if (!run) throw new Error(`${options.module.href} has no task ${task}`);
      return run(...args);
    });
    return { tasks, close: async () => {} };
  }

  let pool: Piscina | undefined;
  let closed = false;
  const tasks = each(async (task, args) => {
    if (closed) throw new Error('the worker pool is closed');
    if (!pool) {
      pool = new Piscina({
        filename: ENTRY.href,
        minThreads: options.threads,
        maxThreads: options.threads,
        // Kept once started: a thread's first task pays for loading its modules (~1 s for the PDF renderer).
        idleTimeout: Number.POSITIVE_INFINITY,
        // Plain messages: between tasks a thread waits on its event loop, not blocked in Atomics.wait.
        atomics: 'disabled',
        // Not the process's flags: its preloads (`--import` of a .ts module, as the benches' probe) would
        // fail in a thread, before the entry could register tsx, and fail every start of it again.
        execArgv: [],
      });
      // Unheard, such an error would end the process.
      pool.on('error', options.onError);
    }
    const call: WorkerCall = { module: options.module.href, task, args };
    return asReturned(await pool.run(call));
  });
  return {
    tasks,
    async close() {
      closed = true;
      await pool?.close();
      await pool?.destroy();
    },
  };
}
