import type { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { hashToken, newToken } from '../../lib/tokens';
import { addJob, type JobQueue } from '../jobs/queue';
import type { renderPasswordResetMail, renderSpecialistApprovedMail } from './emails';

// THE TRANSACTIONAL MAILS of an account (issue 14): the specialist's approval and the password-reset link.
// Like notifications, each is a job added (addJob) in the transaction of the change that causes it — the
// approval, the reset link's creation — so a rolled-back change mails nobody and a committed one cannot
// lose its mail; the job renders a react-email template (emails.ts) and sends it. Unlike notifications they
// are sent whatever the notification switches say, and carry no unsubscribe link or header.
// Exactly once: a mail sent is recorded in `sent_mails` under its key, and a job that runs again (a retry,
// a runner that died after sending) finds it and sends nothing; the one window left is a runner dying
// between SMTP's acceptance and the record (docs/notifications.md).
//
// THE RESET LINK'S SECRET IS NEVER AT REST. The job's payload holds only the reset record's id. The
// record is created with the hash of a random token nobody is given (so it opens nothing), and the job
// mints the real token when it sends: it stores the new token's hash on the record (still unused and
// unexpired) and puts the token itself only in the mail. A retry after a failed send mints another (the
// first was never delivered). A job that runs once its record was used, ended by a newer request or
// expired sends nothing (no dead link) and logs why.

export const APPROVAL_MAIL_TASK = 'mail.specialist_approved';
export const RESET_MAIL_TASK = 'mail.password_reset';

type RawTx = Parameters<typeof addJob>[0];

/** In the approval's transaction: the confirmation mail to the specialist, once per account. */
export function enqueueApprovalMail(tx: RawTx, specialistId: number): Promise<boolean> {
  return addJob(tx, {
    task: APPROVAL_MAIL_TASK,
    payload: { userId: specialistId },
    key: `${APPROVAL_MAIL_TASK}:${specialistId}`,
  });
}

/**
 * In the transaction that makes a reset link: the record (its token is minted when the mail is sent) and
 * its mail job. Returns the record's id.
 */
export async function createResetLink(
  tx: Prisma.TransactionClient,
  userId: number,
  expiresAt: Date,
): Promise<{ resetId: number }> {
  const row = await tx.passwordResetToken.create({
    // A placeholder: the hash of a token that is thrown away, so the record opens nothing until sent.
    data: { userId, tokenHash: hashToken(newToken()), expiresAt },
    select: { id: true },
  });
  await addJob(tx, { task: RESET_MAIL_TASK, payload: { resetId: row.id }, key: `${RESET_MAIL_TASK}:${row.id}` });
  return { resetId: row.id };
}

/** The retention sweep: send records older than `before` are dropped with the finished jobs they guarded. */
export async function forgetSentMails(db: Db, before: Date): Promise<void> {
  await db.sentMail.deleteMany({ where: { sentAt: { lt: before } } });
}

export interface AccountMailDeps {
  db: Db;
  queue: JobQueue;
  mailer: Mailer;
  logger: Logger;
  /** The templates, run on a render-pool thread (renders.ts). */
  renders: {
    specialistApprovedMail: typeof renderSpecialistApprovedMail;
    passwordResetMail: typeof renderPasswordResetMail;
  };
  publicUrl: string;
}

export function defineAccountMailJobs(deps: AccountMailDeps) {
  const { db, queue, mailer, logger, renders } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function sent(key: string) {
    return (await db.sentMail.count({ where: { key } })) > 0;
  }
  async function record(key: string) {
    await db.sentMail.createMany({ data: [{ key }], skipDuplicates: true });
  }

  queue.define(APPROVAL_MAIL_TASK, async (payload) => {
    const { userId } = payload as { userId: number };
    const key = `approval:${userId}`;
    if (await sent(key)) return;
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { email: true, name: true, specialty: true, role: true, approved: true },
    });
    // Removed since, or no longer approved: nothing to confirm.
    if (user?.role !== 'SPECIALIST' || !user.approved) return;
    const mail = await renders.specialistApprovedMail({
      name: user.name,
      specialty: user.specialty,
      signInUrl: `${base}/auth`,
    });
    await mailer.send({ to: user.email, ...mail });
    await record(key);
  });

  queue.define(RESET_MAIL_TASK, async (payload, context) => {
    const { resetId } = payload as { resetId: number };
    const key = `reset:${resetId}`;
    if (await sent(key)) return;
    const reset = await db.passwordResetToken.findUnique({
      where: { id: resetId },
      select: { used: true, expiresAt: true, user: { select: { email: true, name: true } } },
    });
    if (!reset) return; // the account was deleted
    if (reset.used || reset.expiresAt <= context.now) {
      logger.info(
        { resetId, used: reset.used, expiresAt: reset.expiresAt },
        'password reset mail not sent: the link was used, replaced by a newer one, or expired',
      );
      return;
    }
    const token = newToken();
    // The token the mail carries becomes the record's, on the same conditions just checked.
    const minted = await db.passwordResetToken.updateMany({
      where: { id: resetId, used: false, expiresAt: { gt: context.now } },
      data: { tokenHash: hashToken(token) },
    });
    if (minted.count !== 1) {
      logger.info({ resetId }, 'password reset mail not sent: the link ended meanwhile');
      return;
    }
    const mail = await renders.passwordResetMail({
      name: reset.user.name,
      resetUrl: `${base}/reset-password/${token}`,
    });
    await mailer.send({ to: reset.user.email, ...mail });
    await record(key);
  });
}
