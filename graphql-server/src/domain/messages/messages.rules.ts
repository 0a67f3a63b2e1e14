import { CONVERSATION_OPEN_DAYS } from '@vetconsult/schema/messages';
import type { CaseStatus } from '../../generated/prisma/enums';
import { conflict, forbidden } from '../../lib/errors';
import { type CaseActor, canReadCase } from '../cases/cases.rules';

// Who may read and write a case's conversation (issue 15): the one copy of these rules. Pure (no I/O):
// the services ask them for GraphQL and REST alike, the subscriptions through domain/realtime, and the
// REST upload gate before it reads a multipart body.
//
// - Reading follows the case's own read rule (cases.rules canReadCase): its veterinarian, its assigned
//   specialist once the case is paid, and the administrator.
// - Writing is for the two participants (the veterinarian and the assigned specialist) from the moment
//   the case is accepted until 30 days after it is reviewed; then the thread is read-only, and a revisit
//   (a case of its own, with its own thread linking to this one) reopens the exchange.
// - The administrator reads every conversation and writes in none.

export interface ConversationCase {
  vetId: number;
  specialistId: number | null;
  status: CaseStatus;
  reviewedAt: Date | null;
}

export type ConversationState = 'not_open' | 'open' | 'closed';

export const CONVERSATION_READ_DENIED = 'You do not have permission to view this conversation';
export const ADMIN_READS_ONLY = 'The administrator can read this conversation but cannot write in it';
export const CONVERSATION_NOT_OPEN = 'The conversation opens once the specialist accepts the case';
export const CONVERSATION_CLOSED = `This conversation is read-only: it closed ${CONVERSATION_OPEN_DAYS} days after the case was completed. A revisit reopens the exchange.`;
export const NO_READ_MARKER = "Only the case's veterinarian and specialist keep a read marker";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a reviewed case's conversation becomes read-only; null while it is not reviewed. */
export function closesAt(kase: Pick<ConversationCase, 'status' | 'reviewedAt'>): Date | null {
  if (kase.status !== 'reviewed') return null;
  // A reviewed case without its review time (rows older than the column) is past any window.
  if (!kase.reviewedAt) return new Date(0);
  return new Date(kase.reviewedAt.getTime() + CONVERSATION_OPEN_DAYS * DAY_MS);
}

/** not_open before acceptance, open while accepted and for 30 days after the review, then closed. */
export function conversationState(kase: Pick<ConversationCase, 'status' | 'reviewedAt'>, now: Date): ConversationState {
  if (kase.status === 'accepted') return 'open';
  if (kase.status !== 'reviewed') return 'not_open';
  const end = closesAt(kase);
  return end && now.getTime() < end.getTime() ? 'open' : 'closed';
}

/** The conversation is read by whoever may read its case. */
export function canReadConversation(actor: CaseActor, kase: Omit<ConversationCase, 'reviewedAt'>): boolean {
  return canReadCase(actor, kase);
}

/** The case's veterinarian or its assigned specialist (once the case is paid); never the administrator. */
export function isParticipant(actor: CaseActor, kase: Omit<ConversationCase, 'reviewedAt'>): boolean {
  return actor.role !== 'ADMIN' && canReadCase(actor, kase);
}

export function assertCanReadConversation(actor: CaseActor, kase: Omit<ConversationCase, 'reviewedAt'>): void {
  if (!canReadConversation(actor, kase)) throw forbidden(CONVERSATION_READ_DENIED);
}

/** Why this actor cannot write now (the refusal the services throw, the note the thread shows), or null. */
export function writeRefusal(actor: CaseActor, kase: ConversationCase, now: Date) {
  if (!canReadConversation(actor, kase)) return forbidden(CONVERSATION_READ_DENIED);
  if (!isParticipant(actor, kase)) return forbidden(ADMIN_READS_ONLY);
  const state = conversationState(kase, now);
  if (state === 'not_open') return conflict(CONVERSATION_NOT_OPEN);
  if (state === 'closed') return conflict(CONVERSATION_CLOSED);
  return null;
}

/** Throws the reason this actor cannot send a message now. */
export function assertCanWrite(actor: CaseActor, kase: ConversationCase, now: Date): void {
  const refusal = writeRefusal(actor, kase, now);
  if (refusal) throw refusal;
}

/** Participants mark what they have read, also once the thread is read-only; the administrator has no marker. */
export function assertCanMarkRead(actor: CaseActor, kase: Omit<ConversationCase, 'reviewedAt'>): void {
  assertCanReadConversation(actor, kase);
  if (!isParticipant(actor, kase)) throw forbidden(NO_READ_MARKER);
}

/** The other participant of the actor's conversation (whose "seen" the actor is shown), or null. */
export function counterpartOf(actor: CaseActor, kase: Omit<ConversationCase, 'reviewedAt' | 'status'>): number | null {
  if (actor.role === 'ADMIN') return null;
  if (actor.id === kase.vetId) return kase.specialistId;
  if (actor.id === kase.specialistId) return kase.vetId;
  return null;
}
