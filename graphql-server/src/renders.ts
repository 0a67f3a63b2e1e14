import type { Logger } from './lib/logger';
import { createWorkerPool, type WorkerPool } from './lib/worker-pool';
import type { RenderTasks } from './render-tasks';

// The render pool (issue 17): the report PDF, the e-mails and their composition run on worker threads
// (render-tasks.ts), off the event loop of requests and sockets. One per process, the server's or
// `npm run worker`'s (both built by runtime.ts); closed with it.

export type Renders = RenderTasks;
export type RenderPool = WorkerPool<RenderTasks>;

export function createRenderPool(threads: number, logger: Logger): RenderPool {
  return createWorkerPool<RenderTasks>({
    module: new URL('./render-tasks.ts', import.meta.url),
    names: {
      report: true,
      notificationMail: true,
      specialistApprovedMail: true,
      passwordResetMail: true,
      composeMail: true,
    },
    threads,
    onError: (error) => logger.error({ err: error }, 'a render thread failed'),
  });
}
