import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const caseDetailQuery = graphql(`
  query CaseDetail($uuid: String!) {
    case(uuid: $uuid) {
      ...CaseDetailFields
    }
  }
`);

export function useCaseDetail(uuid: string) {
  return useQuery(caseDetailQuery, { variables: { uuid } });
}
