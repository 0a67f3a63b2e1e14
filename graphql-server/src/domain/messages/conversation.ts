import type { Db } from '../../lib/db/client';
import type { Actor } from '../actor';
import { canReadCase } from '../cases/cases.rules';
import { type ConversationCaseRow, conversationCaseSelect } from './conversation-case';
import {
  type ConversationState,
  closesAt,
  conversationState,
  counterpartOf,
  isParticipant,
  writeRefusal,
} from './messages.rules';
import { readMarkers, unreadByCase } from './read-state';

// What a reader is told about a conversation besides its messages: whether they may write and, if not,
// why (the note the thread shows); when it closes; their unread count and read marker; how far the other
// participant has read (the "seen" marker); and the linked threads (a revisit's original, a closed
// thread's revisit), each only when the reader may read that case.

export interface LinkedCase {
  id: number;
  uuid: string;
}

export interface ConversationInfo {
  caseId: number;
  caseUuid: string;
  state: ConversationState;
  writable: boolean;
  /** Why the reader cannot write (the rules' own message), or null when they can. */
  note: string | null;
  closesAt: Date | null;
  participant: boolean;
  unreadMessages: number;
  myLastReadMessageId: number | null;
  counterpartLastReadMessageId: number | null;
  counterpartReadAt: Date | null;
  originalCase: LinkedCase | null;
  latestRevisit: LinkedCase | null;
}

export async function describeConversation(
  db: Db,
  who: Actor,
  kase: ConversationCaseRow,
  now: Date,
): Promise<ConversationInfo> {
  const participant = isParticipant(who, kase);
  const counterpartId = counterpartOf(who, kase);
  const markerUsers = participant ? [who.id, ...(counterpartId !== null ? [counterpartId] : [])] : [];
  const [markers, unread, original, revisits] = await Promise.all([
    markerUsers.length > 0 ? readMarkers(db, kase.id, markerUsers) : Promise.resolve([]),
    participant ? unreadByCase(db, who.id, [kase.id]) : Promise.resolve(new Map<number, number>()),
    kase.originalCaseId !== null
      ? db.case.findUnique({ where: { id: kase.originalCaseId }, select: conversationCaseSelect })
      : Promise.resolve(null),
    db.case.findMany({
      where: { originalCaseId: kase.id },
      orderBy: { id: 'desc' },
      take: 5,
      select: conversationCaseSelect,
    }),
  ]);
  const mine = markers.find((marker) => marker.userId === who.id);
  const theirs = markers.find((marker) => marker.userId === counterpartId);
  const readable = (row: ConversationCaseRow | null | undefined): LinkedCase | null =>
    row && canReadCase(who, row) ? { id: row.id, uuid: row.uuid } : null;
  const refusal = writeRefusal(who, kase, now);
  return {
    caseId: kase.id,
    caseUuid: kase.uuid,
    state: conversationState(kase, now),
    writable: refusal === null,
    note: refusal?.message ?? null,
    closesAt: closesAt(kase),
    participant,
    unreadMessages: unread.get(kase.id) ?? 0,
    myLastReadMessageId: mine?.lastReadMessageId ?? null,
    counterpartLastReadMessageId: theirs?.lastReadMessageId ?? null,
    counterpartReadAt: theirs?.readAt ?? null,
    originalCase: readable(original),
    latestRevisit: revisits.map(readable).find((link) => link !== null) ?? null,
  };
}
