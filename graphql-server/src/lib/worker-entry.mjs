// A thread of lib/worker-pool.ts. Plain JavaScript on purpose: on Node 20 a worker thread's own entry
// is not loaded through the loader hooks the process was started with (`tsx` or `node --import tsx`,
// nor a worker's `execArgv`: "Unknown file extension .ts"), so this file registers tsx in the thread
// itself and then imports the TypeScript module of the tasks, as the server runs its own code. The same
// holds under vitest, whose module runner does not reach threads either. Everything happens within the
// first task, so that anything failing here fails that task (its caller's error), not the thread's start.

/** @type {Promise<unknown> | undefined} */
let tsx;
/** @type {Map<string, Promise<Record<string, (...args: unknown[]) => Promise<unknown>>>>} */
const modules = new Map();

/** piscina calls this for each task: `{ module, task, args }` (WorkerCall in worker-pool.ts). */
export default async function run({ module, task, args }) {
  tsx ??= import('tsx/esm/api').then((api) => api.register());
  await tsx;
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = import(module).then((exports) => exports.tasks);
    modules.set(module, loaded);
  }
  const fn = (await loaded)[task];
  if (!fn) throw new Error(`${module} has no task ${task}`);
  return fn(...args);
}
