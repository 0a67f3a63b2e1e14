import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const notificationPreferencesQuery = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      notifyNewCases
      notifyStatusUpdates
      notifyReminders
    }
  }
`);

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}
