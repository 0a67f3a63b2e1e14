import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

// Issue 19: the veterinarian moves a declined or slow case to another specialist of its specialty, or to
// the first available one; no new payment.

const reassignCaseMutation = graphql(`
  mutation ReassignCase($uuid: String!, $specialistId: Int, $firstAvailable: Boolean) {
    reassignCase(uuid: $uuid, specialistId: $specialistId, firstAvailable: $firstAvailable) {
      ...CaseDetailFields
    }
  }
`);

export function useReassignCase() {
  return useMutation(reassignCaseMutation);
}

const reassignSpecialistsQuery = graphql(`
  query ReassignSpecialists($specialty: String) {
    specialists(specialty: $specialty) {
      id
      name
      specialty
      isAvailable
      nextAvailable
    }
  }
`);

/** The approved specialists of the case's specialty, with whether each is available now. */
export function useReassignSpecialists(specialty: string | null, skip: boolean) {
  return useQuery(reassignSpecialistsQuery, {
    variables: { specialty },
    skip,
    fetchPolicy: 'cache-and-network',
  });
}
