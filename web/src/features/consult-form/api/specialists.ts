import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const consultSpecialistsQuery = graphql(`
  query ConsultSpecialists($specialty: String) {
    specialists(specialty: $specialty) {
      id
      name
      specialty
      isAvailable
      nextAvailable
      nextAvailableAt
      timezone
    }
  }
`);

/** The approved specialists of a specialty (all of them when `specialty` is null); skipped while none is chosen. */
export function useConsultSpecialists(specialty: string | null, skip: boolean) {
  return useQuery(consultSpecialistsQuery, {
    variables: { specialty },
    skip,
    fetchPolicy: 'cache-and-network',
  });
}
