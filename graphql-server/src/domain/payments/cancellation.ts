import { cancelSchema } from '@vetconsult/schema/turnaround';
import type { Case, Payment } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { CASE_NOT_FOUND, caseWhere } from '../cases/case-access';
import { transition } from '../cases/case-lifecycle';
import { assertCanCancel, canReadCase, shortId } from '../cases/cases.rules';
import type { Refunds } from './refunds';

// Issue 19 item C: a veterinarian cancels a paid consult that no specialist has accepted yet. One
// transaction moves the case pending -> cancelled through the status table (a concurrent accept and
// cancel: exactly one applies) and gives back the coupon use its payment counted; after it commits, the
// payment is refunded in full through the provider (refunds.ts: exactly once). A replayed cancel answers
// with the cancelled case and only retries a refund that did not go through.

export interface CancellationDeps {
  db: Db;
  logger: Logger;
  refunds: Refunds;
  now: () => Date;
  /** Publishes 'case.changed' once the cancellation has committed (the cases module owns the event). */
  cases: { caseChanged(kase: Case, kind: 'cancelled'): void };
}

/** The payment that activated the case (a revisit's payment is moved to it at activation). */
export const activatingPayment = (db: Db, caseId: number): Promise<Payment | null> =>
  db.payment.findFirst({ where: { caseId, activatedAt: { not: null } }, orderBy: { activatedAt: 'desc' } });

export function createCancellation(deps: CancellationDeps) {
  const { db, logger, refunds, now } = deps;

  async function refundOf(kase: Case) {
    const payment = await activatingPayment(db, kase.id);
    if (!payment || payment.refundedAt) return;
    try {
      await refunds.refundInFull(payment, `Consult ${shortId(kase.uuid)} cancelled by its veterinarian`);
    } catch (error) {
      // The case stays cancelled; the refund is due and a replayed cancel retries it (same idempotency key).
      logger.error({ err: error, paymentId: payment.id, caseId: kase.id }, 'refund of a cancelled consult failed');
      await db.payment.updateMany({
        where: { id: payment.id, refundedAt: null },
        data: { refundDueAmount: payment.totalAmount, refundReason: 'case cancelled; provider refund failed' },
      });
    }
  }

  return {
    /** POST /api/cases/{uuid}/cancel and GraphQL cancelCase: cancel, release the coupon, refund. */
    async cancelCase(actor: Actor | null, ref: string | number, raw: unknown = {}): Promise<Case> {
      const who = requireActor(actor);
      const { reason } = parseInput(cancelSchema, raw ?? {});
      const kase = await db.case.findUnique({ where: caseWhere(ref) });
      if (!kase || !canReadCase(who, kase)) throw notFound(CASE_NOT_FOUND);
      assertCanCancel(who, kase);
      let current = kase;
      if (kase.status === 'pending') {
        const cancelled = await db.$transaction(async (tx) => {
          const moved = await transition(tx, kase, 'cancelled', { cancelReason: reason ?? null }, now());
          if (!moved) return null;
          const payment = await tx.payment.findFirst({
            where: { caseId: kase.id, activatedAt: { not: null } },
            orderBy: { activatedAt: 'desc' },
          });
          if (payment?.promotionCodeId != null) {
            // The redemption counted at activation is given back, once: in the transaction that cancels.
            await tx.$executeRaw`
              UPDATE promotion_codes SET "timesRedeemed" = "timesRedeemed" - 1, "updatedAt" = now()
              WHERE id = ${payment.promotionCodeId} AND "timesRedeemed" > 0`;
          }
          return moved;
        });
        if (cancelled) {
          deps.cases.caseChanged(cancelled, 'cancelled');
          current = cancelled;
        } else {
          // Changed meanwhile: accepted (409) or cancelled by a concurrent request (answered as a replay).
          current = await db.case.findUniqueOrThrow({ where: { id: kase.id } });
          assertCanCancel(who, current);
          if (current.status !== 'cancelled') throw conflict('This consult was changed meanwhile. Please try again.');
        }
      }
      await refundOf(current);
      return current;
    },
  };
}
