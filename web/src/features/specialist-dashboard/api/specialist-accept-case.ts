import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const specialistAcceptCaseMutation = graphql(`
  mutation SpecialistAcceptCase($uuid: String!) {
    acceptCase(uuid: $uuid) {
      id
      uuid
      status
      statusLabel
      acceptedAt
    }
  }
`);

export function useSpecialistAcceptCase() {
  return useMutation(specialistAcceptCaseMutation, { refetchQueries: ['SpecialistCases'] });
}
