import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../../../gql/gql';
import { myNotificationsQuery } from './my-notifications';

const markCaseNotificationsReadMutation = graphql(`
  mutation MarkCaseNotificationsRead($caseUuid: String!) {
    markCaseNotificationsRead(caseUuid: $caseUuid)
  }
`);

/**
 * Opening a case marks its notifications read, whoever opens it (the veterinarian or the specialist) and
 * however they got there; the bell's page is fetched again so its count drops. A failure (a case the user
 * may not see) changes nothing on the page: the case page shows its own error.
 */
export function useMarkCaseNotificationsRead(caseUuid: string): void {
  const [mutate] = useMutation(markCaseNotificationsReadMutation, {
    refetchQueries: [myNotificationsQuery],
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per case opened
  useEffect(() => {
    if (caseUuid) void mutate({ variables: { caseUuid } }).catch(() => undefined);
  }, [caseUuid]);
}
