import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const rejectSpecialistMutation = graphql(`
  mutation RejectSpecialist($specialistId: Int!) {
    rejectSpecialist(specialistId: $specialistId) {
      id
      name
    }
  }
`);

/** After rejecting, the pending list is refetched (SPEC §4 "Specialist approval"). */
export function useRejectSpecialist() {
  return useMutation(rejectSpecialistMutation, { refetchQueries: ['SpecialistApplications'] });
}
