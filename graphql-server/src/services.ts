import { join } from 'node:path';
import type { Config } from './config';
import { type AccessTokenService, createAccessTokenService } from './domain/auth/access-tokens.service';
import { type AuthService, createAuthService } from './domain/auth/auth.service';
import { type CasesService, createCasesService } from './domain/cases/cases.service';
import { createDraftsService, type DraftsService } from './domain/cases/drafts.service';
import { createSummaryDraftService, type SummaryDraftService } from './domain/cases/summary-draft.service';
import { createUploadGate, type UploadGate } from './domain/cases/upload-gate';
import { createThumbnailsService, type ThumbnailsService } from './domain/files/thumbnails.service';
import { createJobQueue, type JobQueue } from './domain/jobs/queue';
import { createMessagesService, type MessagesService } from './domain/messages/messages.service';
import { defineAccountMailJobs } from './domain/notifications/account-mails';
import { defineDeliveryJob } from './domain/notifications/deliver';
import { createNotificationsService, type NotificationsService } from './domain/notifications/notifications.service';
import { messageNotice, notify } from './domain/notifications/notify';
import { createPushSender, type PushSender } from './domain/notifications/push';
import {
  createPushSubscriptionsService,
  type PushSubscriptionsService,
} from './domain/notifications/push-subscriptions.service';
import { defineReminderJobs } from './domain/notifications/reminders';
import { defineRetentionJob } from './domain/notifications/retention';
import { createOperationsService, type OperationsService } from './domain/operations/operations.service';
import { createPaymentsFromConfig } from './domain/payments/create-payments';
import type { PaymentsService } from './domain/payments/payments.service';
import { type AdminService, createAdminService } from './domain/people/admin.service';
import { createProfileService, type ProfileService } from './domain/people/profile.service';
import { createSpecialistsService, type SpecialistsService } from './domain/people/specialists.service';
import { createReportsService, type ReportsService } from './domain/reports/reports.service';
import type { Db } from './lib/db/client';
import type { CompiledReader } from './lib/db/compiled-read';
import type { EventBus } from './lib/events';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mail';
import type { Storage } from './lib/storage';
import { createVapidKeyStore } from './lib/vapid-keys';
import type { Renders } from './renders';

// Every use case of the product, built once per app from its adapters. Both doors (GraphQL and REST)
// reach the domain only through these.

export interface ServiceDeps {
  config: Config;
  db: Db;
  /**
   * Reads the case lists and the session look-up Prisma compiles (lib/db/compiled-read.ts); without it
   * Prisma reads them.
   */
  reader?: CompiledReader;
  mailer: Mailer;
  logger: Logger;
  events: EventBus;
  storage: Storage;
  /** The CPU-bound renders (report PDF, e-mails), on the render pool's threads (renders.ts). */
  renders: Renders;
}

export interface Services {
  auth: AuthService;
  /** Personal access tokens (issue 20). */
  accessTokens: AccessTokenService;
  cases: CasesService;
  drafts: DraftsService;
  summaryDrafts: SummaryDraftService;
  specialists: SpecialistsService;
  admin: AdminService;
  profile: ProfileService;
  payments: PaymentsService;
  /** Who may send a multipart upload, decided before its body is read. */
  uploads: UploadGate;
  reports: ReportsService;
  thumbnails: ThumbnailsService;
  /** The case conversation (issue 15). */
  messages: MessagesService;
  /** The administrator's operations dashboard (issue 19). */
  operations: OperationsService;
  /** "Notify me on this device": the browsers a user receives pushes in (issue 14). */
  pushSubscriptions: PushSubscriptionsService;
  /** Sends a push to every browser of a user (issue 14); the notification delivery job calls it. */
  push: PushSender;
  /** In-app notifications (issue 14). */
  notifications: NotificationsService;
  /** The durable job queue (issue 14): notification delivery, account mails, reminders, retention. */
  jobs: JobQueue;
  /** Schedules the recurring jobs (the daily retention sweep); called where the queue runs. */
  scheduleRecurringJobs(at: Date): Promise<void>;
}

export function createServices(deps: ServiceDeps): Services {
  const jobs = createJobQueue({
    db: deps.db,
    logger: deps.logger,
    pollMs: deps.config.jobs.pollMs,
    backoffMs: deps.config.jobs.backoffMs,
    // PostgreSQL: LISTEN for jobs added by other processes; the embedded PGlite cannot deliver it (poll).
    listenUrl: deps.config.databaseUrl,
  });
  const notifications = createNotificationsService({ db: deps.db, secret: deps.config.serverSecret ?? '' });
  const reminders = defineReminderJobs({ db: deps.db, queue: jobs, ...deps.config.reminders });
  const vapidKeys = createVapidKeyStore({
    publicKey: deps.config.push.publicKey,
    privateKey: deps.config.push.privateKey,
    subject: deps.config.push.subject,
    keyFile: join(deps.config.dataDir, 'vapid-keys.json'),
  });
  const push = createPushSender({ db: deps.db, logger: deps.logger, vapidKeys });
  defineDeliveryJob({
    ...deps,
    schedulePendingReminder: reminders.schedulePending,
    queue: jobs,
    publicUrl: deps.config.publicUrl,
    secret: deps.config.serverSecret ?? '',
    push,
  });
  // The approval and password-reset mails (transactional: sent whatever the switches say).
  defineAccountMailJobs({ ...deps, queue: jobs, publicUrl: deps.config.publicUrl });
  const retention = defineRetentionJob({ db: deps.db, queue: jobs, notifications });
  // Reports and thumbnails are made in the background after a review or an upload commits.
  const thumbnails = createThumbnailsService(deps);
  const reports = createReportsService(deps);
  const cases = createCasesService({
    ...deps,
    fees: deps.config.prices,
    afterReview: reports.afterReview,
    afterFilesStored: thumbnails.afterFilesStored,
  });
  const payments = createPaymentsFromConfig({ ...deps, cases });
  return {
    auth: createAuthService({
      db: deps.db,
      reader: deps.reader,
      logger: deps.logger,
      events: deps.events,
      afterMailQueued: () => jobs.nudge(),
      loginAttemptsPerIp: deps.config.loginAttemptsPerIp,
      loginThrottle: deps.config.loginThrottle,
    }),
    accessTokens: createAccessTokenService(deps),
    cases,
    drafts: createDraftsService({
      ...deps,
      cancelPaymentIntent: (id) => payments.provider.cancelIntent(id),
    }),
    summaryDrafts: createSummaryDraftService(deps),
    specialists: createSpecialistsService(deps),
    admin: createAdminService({ ...deps, afterMailQueued: () => jobs.nudge() }),
    profile: createProfileService(deps),
    payments,
    uploads: createUploadGate(deps),
    reports,
    thumbnails,
    messages: createMessagesService({
      ...deps,
      afterFilesStored: thumbnails.afterFilesStored,
      // The conversation's notification seam (domain/messages/notify.ts), in the message's transaction: a
      // recipient who is not viewing the thread gets an in-app notification (and its delivery job). The
      // queue is woken by the message's event after commit (job-runner.ts).
      notifyRecipient: async (notice, tx) => {
        if (notice.recipientIsViewing) return;
        await notify(tx, messageNotice(notice));
      },
    }),
    operations: createOperationsService(deps),
    pushSubscriptions: createPushSubscriptionsService({
      db: deps.db,
      vapidKeys,
      allowLoopbackEndpoints: deps.config.push.allowLoopbackEndpoints,
    }),
    push,
    notifications,
    jobs,
    async scheduleRecurringJobs(at) {
      await retention.schedule(at);
      await reminders.scheduleSweep(at);
    },
  };
}
