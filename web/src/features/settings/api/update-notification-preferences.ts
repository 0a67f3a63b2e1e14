import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

// The answer replaces the cached preferences (a root field without id: written through the query).
const updateNotificationPreferencesMutation = graphql(`
  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      notifyNewCases
      notifyStatusUpdates
      notifyReminders
    }
  }
`);

export function useUpdateNotificationPreferences() {
  return useMutation(updateNotificationPreferencesMutation, { refetchQueries: ['NotificationPreferences'] });
}
