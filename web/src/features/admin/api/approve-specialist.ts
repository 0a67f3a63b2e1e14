import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const approveSpecialistMutation = graphql(`
  mutation ApproveSpecialist($specialistId: Int!) {
    approveSpecialist(specialistId: $specialistId) {
      id
      name
      approved
    }
  }
`);

/** After approving, the pending list is refetched (SPEC §4 "Specialist approval"). */
export function useApproveSpecialist() {
  return useMutation(approveSpecialistMutation, { refetchQueries: ['SpecialistApplications'] });
}
