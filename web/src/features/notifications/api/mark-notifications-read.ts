import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';
import { myNotificationsQuery } from './my-notifications';

const markNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`);

/** Marks the given notifications read (all of mine without ids); the bell's page is fetched again. */
export function useMarkNotificationsRead() {
  const [mutate, state] = useMutation(markNotificationsReadMutation, {
    refetchQueries: [myNotificationsQuery],
  });
  const markRead = (ids?: string[]) => mutate({ variables: { ids: ids ?? null } });
  return [markRead, state] as const;
}
