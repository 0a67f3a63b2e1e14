import type { OperationVariables, TypedDocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { liveEventAction } from './live/events';
import { type FallbackState, INITIAL_FALLBACK_STATE, type PollableQuery, startFallback } from './live/fallback';
import { getSocketStatus, onSocketStatus, type SocketStatus, useSocketStatus } from './socket-status';

// The one live-data pattern of the web client (SPEC §9 polling intervals, replaced by subscriptions): a
// screen runs its query and subscribes to the event that changes its data. Each event refetches the
// query, or, when the event carries the query's data, writes it to the cache without a request, or, when
// the event's data that Apollo normalized into the cache completes the query's result, does nothing
// (lib/live/events.ts decides). SPEC §9's
// polling is kept only as the fallback while the socket is not connected, and a reconnect refetches once to
// catch up on the events missed while it was down (lib/live/fallback.ts).

/** `variables` is required when the document has a required variable, optional otherwise. */
type VariablesOf<TVariables> =
  Record<never, never> extends TVariables ? { variables?: TVariables } : { variables: TVariables };
type SubscriptionVariablesOf<TVariables> =
  Record<never, never> extends TVariables
    ? { subscriptionVariables?: TVariables }
    : { subscriptionVariables: TVariables };

export type LiveQueryOptions<
  TData,
  TVariables extends OperationVariables,
  TEvent,
  TEventVariables extends OperationVariables,
> = VariablesOf<TVariables> &
  SubscriptionVariablesOf<TEventVariables> & {
    /** The event that changes this query's data. */
    subscription: TypedDocumentNode<TEvent, TEventVariables>;
    /** SPEC §9 polling interval, used only while the socket is not connected. */
    pollMs: number;
    /** Neither run the query nor keep it live. */
    skip?: boolean;
    /** False: run the query once, with no subscription and no polling (a viewer who may not subscribe). */
    live?: boolean;
    /**
     * The query's data as an event carries it, written to the cache instead of a refetch; `undefined`
     * (an event without it) refetches.
     */
    eventData?: (event: TEvent) => TData | undefined;
    /**
     * True when the event's own data, which Apollo has normalized into the cache (e.g. the changed case,
     * selected by the subscription), is all the query's `current` result needs: nothing is written or
     * sent. False refetches (or writes `eventData`). See lib/live/events.ts.
     */
    eventInCache?: (event: TEvent, current: TData) => boolean;
    fetchPolicy?: WatchQueryFetchPolicy;
    notifyOnNetworkStatusChange?: boolean;
  };

/** Runs `document` and keeps it live (see the top of this file). Returns the useQuery result. */
export function useLiveQuery<
  TData,
  TVariables extends OperationVariables,
  TEvent,
  TEventVariables extends OperationVariables,
>(
  document: TypedDocumentNode<TData, TVariables>,
  options: LiveQueryOptions<TData, TVariables, TEvent, TEventVariables>,
) {
  const {
    subscription,
    pollMs,
    skip = false,
    live = true,
    eventData,
    eventInCache,
    fetchPolicy,
    notifyOnNetworkStatusChange,
  } = options;
  const variables = options.variables as TVariables | undefined;
  const subscriptionVariables = options.subscriptionVariables as TEventVariables | undefined;
  const kept = live && !skip;

  const query = useQuery(document as TypedDocumentNode<TData, OperationVariables>, {
    variables,
    skip,
    fetchPolicy,
    notifyOnNetworkStatusChange,
  });
  // The result changes identity between renders; events and the fallback use the latest one.
  const latest = useRef(query);
  latest.current = query;

  useSubscription(subscription as TypedDocumentNode<TEvent, OperationVariables>, {
    variables: subscriptionVariables,
    skip: !kept,
    // Nothing renders the event itself: it only updates or refetches the query.
    ignoreResults: true,
    onData: ({ client, data }) => {
      const action = liveEventAction(
        (data.data ?? undefined) as TEvent | undefined,
        latest.current.data as TData | undefined,
        {
          eventData,
          eventInCache,
        },
      );
      if (action.kind === 'write') client.cache.writeQuery({ query: document, variables, data: action.data });
      else if (action.kind === 'refetch') void latest.current.refetch().catch(() => undefined);
    },
  });

  useLiveFallback(query, pollMs, kept);
  return query;
}

/**
 * The fallback alone, for live data that is not one query (e.g. a thread merged from pages): polls
 * `source` every `pollMs` while the socket is down and refetches it once after a reconnect. Returns the
 * socket status.
 */
export function useLiveFallback(source: PollableQuery, pollMs: number, live = true): SocketStatus {
  // The source changes identity between renders; the fallback uses the latest one.
  const latest = useRef(source);
  latest.current = source;
  // Kept across restarts of the effect (a new interval or live), so a drop is not forgotten.
  const fallback = useRef<FallbackState>(INITIAL_FALLBACK_STATE);
  useEffect(
    () =>
      startFallback({
        query: latest,
        state: fallback,
        status: getSocketStatus(),
        onStatus: onSocketStatus,
        pollMs,
        live,
      }),
    [pollMs, live],
  );
  return useSocketStatus();
}
