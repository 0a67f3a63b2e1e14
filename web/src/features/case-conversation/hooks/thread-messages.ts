import type { CaseMessageFieldsFragment, ConversationFieldsFragment } from '../../../gql/graphql';

// Pure helpers of the thread: one copy of each message however it arrived (first page, history, live
// event, catch-up, the sender's own answer), read markers that only move forward, and day separators.

export type ThreadMessage = CaseMessageFieldsFragment;
export type ThreadConversation = ConversationFieldsFragment;

/** `current` plus the messages of `incoming` it does not hold yet (by id), oldest first; same array if none. */
export function mergeMessages(current: ThreadMessage[], incoming: readonly ThreadMessage[]): ThreadMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  let added = false;
  for (const message of incoming) {
    if (byId.has(message.id)) continue;
    byId.set(message.id, message);
    added = true;
  }
  if (!added) return current;
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const later = (a: number | null | undefined, b: number | null | undefined) => Math.max(a ?? 0, b ?? 0) || null;

/** A newer answer about the conversation, without letting either read marker go back. */
export function mergeConversation(previous: ThreadConversation | null, next: ThreadConversation): ThreadConversation {
  if (!previous) return next;
  const counterpartMoved = (next.counterpartLastReadMessageId ?? 0) >= (previous.counterpartLastReadMessageId ?? 0);
  return {
    ...next,
    myLastReadMessageId: later(previous.myLastReadMessageId, next.myLastReadMessageId),
    counterpartLastReadMessageId: later(previous.counterpartLastReadMessageId, next.counterpartLastReadMessageId),
    counterpartReadAt: counterpartMoved ? next.counterpartReadAt : previous.counterpartReadAt,
  };
}

/** The calendar day of an instant in the viewer's time zone, as a comparable key. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** 'Today', 'Yesterday', or the weekday and date ('Monday, November 23', with the year if not this year). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(iso) === dayKey(now.toISOString())) return 'Today';
  if (dayKey(iso) === dayKey(yesterday.toISOString())) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** '3:07 PM' */
export function timeLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export interface DayGroup {
  key: string;
  label: string;
  messages: ThreadMessage[];
}

/** Messages under the day they were sent (a separator starts each day). */
export function groupByDay(messages: readonly ThreadMessage[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt, now), messages: [message] });
  }
  return groups;
}
