import type { Prisma } from '../../generated/prisma/client';
import type { NotificationKind } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import { addJob } from '../jobs/queue';

// THE ONE ENTRY of notifications (issue 14): `notify(tx, notice)`, called INSIDE the transaction of the
// state change that causes a notification. It decides who is told what (the texts below), writes the
// in-app Notification rows and, for each, a delivery job (domain/jobs/queue.ts) — all in the caller's
// transaction, so a rolled-back change notifies nobody and a committed one cannot lose its notification.
// The delivery job (deliver.ts) runs after commit: it publishes `notification.added` (rule 6), then sends
// the e-mail and the browser push when the recipient's switch for the category is on.
// Each row has a dedupeKey naming the change (kind, case, recipient and the case's version, or the
// message): the same change notified twice writes one row.

export type Tx = Db | Prisma.TransactionClient;

export type Notice =
  /**
   * The case became pending (paid), or the vet moved it to another specialist (issue 19): its named
   * specialist, or (first-available routing) the specialty.
   */
  | { type: 'case_activated'; caseId: number }
  /** The named specialist declined the case, with a reason (issue 19): its veterinarian. */
  | { type: 'case_declined'; caseId: number; specialistId: number; reason: string }
  /** The specialist accepted the case (a revisit says so). */
  | { type: 'case_accepted'; caseId: number }
  /** The summary was submitted. */
  | { type: 'case_reviewed'; caseId: number }
  /** A conversation message for a recipient who is not viewing the thread. */
  | { type: 'message'; messageId: number; caseId: number; authorId: number; recipientId: number }
  /** A pending case not yet accepted (to its specialist) — see reminders.ts. */
  | { type: 'reminder_pending'; caseId: number }
  /** A draft untouched for days (to its veterinarian) — see reminders.ts. */
  | { type: 'reminder_draft'; caseId: number };

export const DELIVER_TASK = 'notification.deliver';

/** A conversation message (the messages service's notice) as the notice of its recipient. */
export function messageNotice(message: {
  messageId: number;
  caseId: number;
  authorId: number;
  recipientId: number;
}): Notice {
  const { messageId, caseId, authorId, recipientId } = message;
  return { type: 'message', messageId, caseId, authorId, recipientId };
}

export interface NotificationRow {
  recipientId: number;
  kind: NotificationKind;
  caseId: number | null;
  text: string;
  dedupeKey: string;
}

const caseFacts = {
  id: true,
  version: true,
  status: true,
  vetId: true,
  specialistId: true,
  specialty: true,
  routing: true,
  patientName: true,
  originalCaseId: true,
  summary: true,
  vet: { select: { name: true } },
  specialist: { select: { name: true } },
} as const;
type CaseFacts = Prisma.CaseGetPayload<{ select: typeof caseFacts }>;

const patientOf = (kase: { patientName: string | null }) => kase.patientName?.trim() || 'your patient';
const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

/** The first line of a summary, shortened for a one-line notification. */
export function firstLineOf(summary: string | null, max = 140): string {
  const line =
    (summary ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * A case became available to a specialty (first-available routing, issue 19): every approved specialist
 * of the specialty is told. Kept apart so the routing work can call it wherever such a case appears.
 */
export async function noticesForAvailableCase(tx: Tx, kase: CaseFacts): Promise<NotificationRow[]> {
  if (!kase.specialty) return [];
  const specialists = await tx.user.findMany({
    where: { role: 'SPECIALIST', approved: true, specialty: kase.specialty },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const text = `New ${kase.specialty} consult available: ${patientOf(kase)}, from ${kase.vet.name}`;
  return specialists.map((s) => ({
    recipientId: s.id,
    kind: 'case_available' as const,
    caseId: kase.id,
    text,
    dedupeKey: `case_available:${kase.id}:v${kase.version}:${s.id}`,
  }));
}

async function rowsFor(tx: Tx, notice: Notice): Promise<NotificationRow[]> {
  const kase = await tx.case.findUnique({ where: { id: notice.caseId }, select: caseFacts });
  if (!kase) return [];
  const patient = patientOf(kase);
  const specialistName = kase.specialist?.name ?? 'Your specialist';
  const one = (recipientId: number | null, kind: NotificationKind, text: string, key: string): NotificationRow[] =>
    recipientId === null ? [] : [{ recipientId, kind, caseId: kase.id, text, dedupeKey: key }];
  switch (notice.type) {
    case 'case_activated':
      if (kase.specialistId !== null) {
        return one(
          kase.specialistId,
          'case_assigned',
          `${kase.vet.name} sent you ${possessive(patient)} consult`,
          `case_assigned:${kase.id}:v${kase.version}:${kase.specialistId}`,
        );
      }
      return kase.routing === 'first_available' ? noticesForAvailableCase(tx, kase) : [];
    case 'case_accepted': {
      const revisit = kase.originalCaseId !== null;
      return one(
        kase.vetId,
        revisit ? 'revisit_accepted' : 'case_accepted',
        `${specialistName} accepted ${possessive(patient)} ${revisit ? 'revisit' : 'consult'}`,
        `${revisit ? 'revisit_accepted' : 'case_accepted'}:${kase.id}:v${kase.version}`,
      );
    }
    case 'case_declined': {
      const decliner = await tx.user.findUnique({ where: { id: notice.specialistId }, select: { name: true } });
      return one(
        kase.vetId,
        'case_declined',
        `${decliner?.name ?? 'The specialist'} declined ${possessive(patient)} consult: ${notice.reason}`,
        `case_declined:${kase.id}:v${kase.version}`,
      );
    }
    case 'case_reviewed': {
      const line = firstLineOf(kase.summary);
      return one(
        kase.vetId,
        'case_reviewed',
        `${specialistName} reviewed ${possessive(patient)} consult${line ? `: ${line}` : ''}`,
        `case_reviewed:${kase.id}:v${kase.version}`,
      );
    }
    case 'message': {
      const author = await tx.user.findUnique({ where: { id: notice.authorId }, select: { name: true } });
      return one(
        notice.recipientId,
        'message_received',
        `${author?.name ?? 'Someone'} sent a message about ${patient}`,
        `message_received:${notice.messageId}:${notice.recipientId}`,
      );
    }
    case 'reminder_pending':
      return one(
        kase.specialistId,
        'reminder_pending',
        `${possessive(patient)} consult from ${kase.vet.name} is still waiting to be accepted`,
        `reminder_pending:${kase.id}`,
      );
    case 'reminder_draft':
      return one(
        kase.vetId,
        'reminder_draft',
        `Your draft consult for ${patient} is waiting to be finished and submitted`,
        `reminder_draft:${kase.id}`,
      );
  }
}

/** Writes the notifications a change causes, with their delivery jobs, in the caller's transaction. */
export async function notify(tx: Tx, notice: Notice): Promise<number[]> {
  const rows = await rowsFor(tx, notice);
  if (rows.length === 0) return [];
  const created = await tx.notification.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true } });
  for (const { id } of created) {
    await addJob(tx, { task: DELIVER_TASK, payload: { notificationId: id }, key: `deliver:${id}` });
  }
  return created.map((row) => row.id);
}
