import type { Db } from '../../lib/db/client';
import { notFound } from '../../lib/errors';
import type { CaseMessageAdded } from '../../lib/events';
import { CASE_NOT_FOUND, caseWhere } from '../cases/case-access';

// The case behind a conversation: the facts the rules need (messages.rules.ts), loaded once per use case.

export const conversationCaseSelect = {
  id: true,
  uuid: true,
  vetId: true,
  specialistId: true,
  status: true,
  reviewedAt: true,
  originalCaseId: true,
} as const;

export async function loadConversationCase(db: Db, ref: string | number) {
  const kase = await db.case.findUnique({ where: caseWhere(ref), select: conversationCaseSelect });
  if (!kase) throw notFound(CASE_NOT_FOUND);
  return kase;
}

export type ConversationCaseRow = Awaited<ReturnType<typeof loadConversationCase>>;

/** What every conversation event says about its case, so that subscribers are decided without a read. */
export function conversationEventFacts(
  kase: ConversationCaseRow,
): Omit<CaseMessageAdded, 'messageId' | 'authorId' | 'at'> {
  return {
    caseId: kase.id,
    uuid: kase.uuid,
    vetId: kase.vetId,
    specialistId: kase.specialistId,
    status: kase.status,
    reviewedAt: kase.reviewedAt ? kase.reviewedAt.getTime() : null,
  };
}
