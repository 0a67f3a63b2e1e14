import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const caseUpdatedSubscription = graphql(`
  subscription CaseDetailUpdated($uuid: String!) {
    caseUpdated(uuid: $uuid) {
      ...CaseDetailFields
    }
  }
`);

/** The case as it is after each change; Apollo merges it into the cached case, so the page updates. */
export function useCaseUpdated(uuid: string) {
  useSubscription(caseUpdatedSubscription, { variables: { uuid } });
}
