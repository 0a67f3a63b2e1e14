import type { EventBus } from './lib/events';
import type { Logger } from './lib/logger';
import type { Services } from './services';

// Runs the durable job queue (domain/jobs/queue.ts) in this process: in the server by default
// (JOBS_IN_PROCESS=true), or alone in `npm run worker`. Committed changes of this process wake it at
// once (their events are published after commit, so the jobs they added are visible); anything else —
// other instances, scheduled jobs, retries — is found by its poll (JOBS_POLL_MS).

export function startJobRunner(deps: { services: Services; events: EventBus; logger: Logger }) {
  const { services, events, logger } = deps;
  const { jobs } = services;
  jobs.start();
  void services
    .scheduleRecurringJobs(new Date())
    .catch((error) => logger.warn({ err: error }, 'could not schedule the recurring jobs'));
  const wakers = (['case.changed', 'caseMessages.added', 'draft.saved'] as const).map((topic) => {
    const iterator = events.subscribe(topic);
    void (async () => {
      for await (const _event of iterator) jobs.nudge();
    })();
    return iterator;
  });
  return {
    async stop() {
      for (const iterator of wakers) await iterator.return?.();
      await jobs.stop();
    },
  };
}
