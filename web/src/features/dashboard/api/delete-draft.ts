import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const deleteDraftMutation = graphql(`
  mutation DeleteDashboardDraft($uuid: String!) {
    deleteDraft(uuid: $uuid)
  }
`);

export function useDeleteDraft() {
  return useMutation(deleteDraftMutation, { refetchQueries: ['DashboardDrafts'] });
}
