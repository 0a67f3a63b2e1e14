import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const revisitCaseQuery = graphql(`
  query RevisitCase($uuid: String!) {
    case(uuid: $uuid) {
      id
      uuid
      displayId
      label
      title
      status
      vetId
      patientName
      species
      specialty
      specialistId
      specialist {
        id
        name
      }
    }
  }
`);

/** The case being revisited (its veterinarian, the specialist and the administrator may read it). */
export function useRevisitCase(uuid: string) {
  return useQuery(revisitCaseQuery, {
    variables: { uuid },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
}
