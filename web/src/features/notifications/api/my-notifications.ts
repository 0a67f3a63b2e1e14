import { POLLING_MS } from '@vetconsult/schema/values';
import { graphql } from '../../../gql/gql';
import { useLiveQuery } from '../../../lib/live-query';

// The signed-in user's in-app notifications (issue 14): the bell's unread count and the panel's list,
// one query kept live by notificationAdded (docs/architecture.md rule 14).

export const NOTIFICATIONS_SHOWN = 20;

export const myNotificationsQuery = graphql(`
  query MyNotifications($first: Int) {
    myNotifications(first: $first) {
      unreadCount
      items {
        id
        kind
        text
        caseUuid
        createdAt
        readAt
      }
    }
  }
`);

const notificationAddedSubscription = graphql(`
  subscription NotificationAdded {
    notificationAdded {
      id
    }
  }
`);

/**
 * The newest notifications and the unread count. A new notification refetches the page (the count and
 * the list's order are the server's); while the socket is down it polls at the case lists' interval.
 */
export function useMyNotifications() {
  return useLiveQuery(myNotificationsQuery, {
    variables: { first: NOTIFICATIONS_SHOWN },
    subscription: notificationAddedSubscription,
    pollMs: POLLING_MS.cases,
  });
}
