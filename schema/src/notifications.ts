import { z } from 'zod';
import { UUID_PATTERN, withinRowIds } from './text';

// Issue 14, in-app notifications: the one copy of their input rules and the kinds (GraphQL, REST, web).

export const NOTIFICATION_KINDS = [
  'case_assigned',
  'case_available',
  'case_accepted',
  'case_reviewed',
  'revisit_accepted',
  'case_declined',
  'message_received',
  'reminder_pending',
  'reminder_draft',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** In-app notifications are kept this long, then deleted by the daily retention job. */
export const NOTIFICATION_RETENTION_DAYS = 90;

export const NOTIFICATIONS_PAGE_INVALID = `A page holds 1 to ${NOTIFICATIONS_PAGE_MAX} notifications`;
export const NOTIFICATION_ID_INVALID = 'Invalid notification id';
export const NOTIFICATION_CASE_INVALID = 'Invalid case id';

const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

export const notificationsPageSchema = z.object({
  first: z.preprocess(
    (value) => (value === '' || value === null ? undefined : toNumber(value)),
    z
      .number({ error: NOTIFICATIONS_PAGE_INVALID })
      .int({ error: NOTIFICATIONS_PAGE_INVALID })
      .min(1, { error: NOTIFICATIONS_PAGE_INVALID })
      .max(NOTIFICATIONS_PAGE_MAX, { error: NOTIFICATIONS_PAGE_INVALID })
      .default(NOTIFICATIONS_PAGE_DEFAULT),
  ),
});
export type NotificationsPageInput = z.infer<typeof notificationsPageSchema>;

const notificationId = z.preprocess(
  toNumber,
  withinRowIds(
    z.number({ error: NOTIFICATION_ID_INVALID }).int({ error: NOTIFICATION_ID_INVALID }).min(1, {
      error: NOTIFICATION_ID_INVALID,
    }),
    NOTIFICATION_ID_INVALID,
  ),
);

/** ids omitted or null: every notification of mine. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(notificationId).max(1000).nullish(),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const markCaseNotificationsReadSchema = z.object({
  caseUuid: z.string({ error: NOTIFICATION_CASE_INVALID }).regex(UUID_PATTERN, { error: NOTIFICATION_CASE_INVALID }),
});
