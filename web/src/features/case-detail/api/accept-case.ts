import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const acceptCaseMutation = graphql(`
  mutation AcceptCaseDetail($uuid: String!) {
    acceptCase(uuid: $uuid) {
      ...CaseDetailFields
    }
  }
`);

export function useAcceptCase() {
  return useMutation(acceptCaseMutation);
}
