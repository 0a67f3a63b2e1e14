// What a live query (lib/live-query.ts) does with one subscription event, as pure functions so that each
// case is tested without a browser. Apollo has already normalized the event's data into the cache when
// this runs: an event that selects a case (`case { id ... }`) has updated that case wherever it shows.
// What is left to decide is whether the query's own result is still complete: then nothing is sent.

export type LiveEventAction<TData> =
  /** The cache, updated from the event, already holds the query's result: no request. */
  | { kind: 'cached' }
  /** The event carries the query's whole result: written to the cache, no request. */
  | { kind: 'write'; data: TData }
  /** The event cannot tell (a case entered or left a list, no data in the event): ask the server. */
  | { kind: 'refetch' };

export interface LiveEventHandlers<TData, TEvent> {
  /** The query's data as the event carries it; `undefined` when this event does not carry it. */
  eventData?: (event: TEvent) => TData | undefined;
  /** True when the event's data, normalized into the cache, is all the query's result needs. */
  eventInCache?: (event: TEvent, current: TData) => boolean;
}

/** The action for `event` (undefined: an event without data, e.g. an error) given the query's `current` data. */
export function liveEventAction<TData, TEvent>(
  event: TEvent | undefined,
  current: TData | undefined,
  { eventData, eventInCache }: LiveEventHandlers<TData, TEvent>,
): LiveEventAction<TData> {
  if (event === undefined || event === null) return { kind: 'refetch' };
  if (current !== undefined && eventInCache?.(event, current)) return { kind: 'cached' };
  const data = eventData?.(event);
  return data === undefined ? { kind: 'refetch' } : { kind: 'write', data };
}

/** A case event as the case subscriptions deliver it (lib/live/subscriptions.ts). */
export interface ListedCaseEvent {
  uuid: string;
  status: string;
  /** The case as it is now, with the fields the lists show; null when it no longer exists. */
  case?: { uuid: string } | null;
}

/**
 * True when a case list whose `status` filter is as given (undefined or 'all': every submitted case) is
 * complete after `event` from the cache alone: the event carries the case, and the case was already in the
 * list and stays in it. A status change keeps a case in the All tab (it lists every status but 'draft',
 * and no case goes back to being a draft) and in a tab of its new status; the order (newest created
 * first) does not depend on the status, and neither does a search. Anything else (a new case, a case
 * leaving a tab) asks the server, which owns the filters.
 */
export function caseListHolds(
  event: ListedCaseEvent,
  list: readonly { uuid: string }[] | null | undefined,
  status?: string | null,
): boolean {
  if (!event.case || !list?.some((item) => item.uuid === event.uuid)) return false;
  if (status === undefined || status === null || status === 'all') return event.status !== 'draft';
  return status === event.status;
}
