import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const caseReportQuery = graphql(`
  query CaseReport($uuid: String!) {
    case(uuid: $uuid) {
      id
      reportUrl
    }
  }
`);

/** The consultation report's URL once the case is reviewed (null before). */
export function useCaseReport(uuid: string) {
  return useQuery(caseReportQuery, { variables: { uuid }, fetchPolicy: 'cache-and-network' });
}
