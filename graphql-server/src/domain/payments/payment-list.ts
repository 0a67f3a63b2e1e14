import type { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { forbidden, notFound } from '../../lib/errors';
import { type Actor, requireActor } from '../actor';
import { caseWhere } from '../cases/case-access';
import { REAL_PAYMENTS } from './payment-records';

// Who sees which payments: a case's payments are its veterinarian's and the administrator's; without a
// case, the administrator sees every payment and a veterinarian their own.

const ORDER = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** Prisma arguments of the payment list this actor may read (the doors add their own selection). */
export async function paymentListArgs(
  db: Db,
  actor: Actor | null,
  caseRef?: string | number | null,
): Promise<{ where: Prisma.PaymentWhereInput; orderBy: typeof ORDER }> {
  const who = requireActor(actor);
  if (caseRef !== undefined && caseRef !== null) {
    const kase = await db.case.findUnique({ where: caseWhere(caseRef), select: { id: true, vetId: true } });
    if (!kase) throw notFound('Case not found');
    if (who.role !== 'ADMIN' && kase.vetId !== who.id) {
      throw forbidden('You do not have permission to view these payments');
    }
    return { where: { AND: [REAL_PAYMENTS, { caseId: kase.id }] }, orderBy: ORDER };
  }
  if (who.role === 'ADMIN') return { where: REAL_PAYMENTS, orderBy: ORDER };
  if (who.role === 'VETERINARIAN') return { where: { AND: [REAL_PAYMENTS, { userId: who.id }] }, orderBy: ORDER };
  throw forbidden('You do not have permission to view payments');
}
