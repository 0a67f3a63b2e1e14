import type { CaseStatus } from '../../generated/prisma/enums';
import {
  type CaseChanged,
  type CaseMessageAdded,
  type CaseMessagesRead,
  type DraftSaved,
  type NotificationAdded,
  routeKeys,
  type SessionsEnded,
} from '../../lib/events';
import type { Actor } from '../actor';
import { canReadCase } from '../cases/cases.rules';
import { canReadConversation, isParticipant } from '../messages/messages.rules';

// Who receives which event. Each rule mirrors the query a subscriber would otherwise poll, so a
// subscriber never receives what it could not read through the queries.
//
// Beside each rule, the key the subscriber is indexed under in the event bus (lib/events.ts), so that an
// event is offered only to its possible recipients. A key may only narrow: every event a rule accepts
// names the subscriber's key (the rule still decides).

/** A key no event names (no actor: no live updates; the scopes refuse it before this anyway). */
const NOBODY = 'nobody';

/**
 * The key for receivesCaseEvent: a case names its veterinarian and its specialist, who are the only
 * non-administrators who may read it; an administrator reads every case, so is offered every event.
 */
export function caseEventKey(actor: Actor | null): string | undefined {
  if (actor === null) return NOBODY;
  return actor.role === 'ADMIN' ? undefined : routeKeys.user(actor.id);
}

/**
 * The keys for receivesAvailableCaseEvent: the specialist the case is assigned to (or just left), and
 * (issue 19) the first-available cases of their specialty.
 */
export function availableCaseEventKey(actor: Actor | null): string | string[] {
  if (actor === null) return NOBODY;
  return actor.specialty ? [routeKeys.user(actor.id), routeKeys.offered(actor.specialty)] : routeKeys.user(actor.id);
}

/** The key for one case's events (caseUpdated) or one draft's (draftChanged). */
export const oneCaseEventKey = (uuid: string): string => routeKeys.case(uuid);

const facts = (event: CaseChanged) => ({
  vetId: event.vetId,
  specialistId: event.specialistId,
  status: event.status as CaseStatus,
  specialty: event.specialty,
  routing: event.routing === 'first_available' ? ('first_available' as const) : ('named' as const),
});

/** caseUpdated / myCasesChanged / dashboardStatsChanged: the case is one the actor may read. */
export function receivesCaseEvent(actor: Actor | null, event: CaseChanged): boolean {
  return actor !== null && canReadCase(actor, facts(event));
}

/**
 * myCasesChanged / dashboardStatsChanged: as receivesCaseEvent, and the specialist a case just left
 * (declined, or moved to another specialist: issue 19), whose lists and counts drop it. The event's case
 * resolves to null for them (they no longer read it).
 */
export function receivesCaseListEvent(actor: Actor | null, event: CaseChanged): boolean {
  if (actor !== null && event.previousSpecialistId != null && event.previousSpecialistId === actor.id) return true;
  return receivesCaseEvent(actor, event);
}

/**
 * availableCasesChanged: cases assigned to this approved specialist in their specialty, and (issue 19)
 * the first-available cases of their specialty. Any change of such a case matters to the list:
 * activation adds it, acceptance (by anyone, for a first-available case), a decline, a move or a
 * cancellation removes it. Availability now narrows the list itself (case-queries availableArgs), not
 * the signal: a specialist who is away refetches and finds nothing new.
 */
export function receivesAvailableCaseEvent(actor: Actor | null, event: CaseChanged): boolean {
  if (actor?.role !== 'SPECIALIST' || !actor.approved) return false;
  if (actor.specialty && event.specialty !== actor.specialty) return false;
  if (event.previousSpecialistId != null && event.previousSpecialistId === actor.id) return true;
  if (event.specialistId === actor.id) return receivesCaseEvent(actor, event);
  // A first-available case: offered (unassigned), or taken by another specialist (it leaves the list).
  return (
    event.routing === 'first_available' &&
    actor.specialty !== null &&
    actor.specialty === event.specialty &&
    (event.specialistId === null || event.kind === 'accepted')
  );
}

/** draftChanged: only the veterinarian who owns the draft. */
export function receivesDraftEvent(actor: Actor | null, event: DraftSaved, uuid: string): boolean {
  return actor !== null && actor.role === 'VETERINARIAN' && event.vetId === actor.id && event.uuid === uuid;
}

// --- case conversation (issue 15) -----------------------------------------------------------------------

type ConversationEvent = CaseMessageAdded | CaseMessagesRead;

const conversationFacts = (event: ConversationEvent) => ({
  vetId: event.vetId,
  specialistId: event.specialistId,
  status: event.status as CaseStatus,
});

/** The key for one case's thread (caseMessageAdded, caseMessagesRead): the case. */
export const conversationEventKey = (uuid: string): string => routeKeys.case(uuid);

/**
 * The key for myConversationsChanged (unread badges): the user. Conversation events name both
 * participants; the administrator has no unread count, so is offered none.
 */
export function conversationActivityKey(actor: Actor | null): string {
  return actor === null || actor.role === 'ADMIN' ? NOBODY : routeKeys.user(actor.id);
}

/** caseMessageAdded / caseMessagesRead: the actor may read the case's conversation (messages.rules). */
export function receivesConversationEvent(actor: Actor | null, event: ConversationEvent): boolean {
  return actor !== null && canReadConversation(actor, conversationFacts(event));
}

/**
 * myConversationsChanged: the actor's unread count moved. A message from the other participant raises it;
 * the actor's own read marker moving (in another tab) lowers it. The actor takes part in the conversation.
 */
export function receivesConversationActivity(actor: Actor | null, event: ConversationEvent): boolean {
  if (actor === null || !isParticipant(actor, conversationFacts(event))) return false;
  return 'authorId' in event ? event.authorId !== actor.id : event.userId === actor.id;
}

/**
 * A socket opened with this actor's session must be closed: the session no longer exists. A socket opened
 * with an access token is closed when every session of its account ended (a password reset, an account
 * removed); it may reconnect if its token still works. Revoked tokens have their own event.
 */
export function isEndedSession(actor: Actor | null, event: SessionsEnded): boolean {
  if (actor === null || actor.id !== event.userId) return false;
  if (actor.token) return event.sessionId === undefined && event.exceptSessionId === undefined;
  if (event.sessionId !== undefined) return actor.sessionId === event.sessionId;
  return actor.sessionId !== event.exceptSessionId;
}

/** Issue 14: a notification reaches its recipient only (routed by their user key). */
export const notificationEventKey = (actor: Actor | null): string => routeKeys.user(actor?.id ?? 0);
export function receivesNotification(actor: Actor | null, event: NotificationAdded): boolean {
  return actor !== null && event.recipientId === actor.id;
}
