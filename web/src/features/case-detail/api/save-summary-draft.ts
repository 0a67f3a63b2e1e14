import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

// Issue 22 item 5: the summary being written is kept on the server (assigned specialist only).
const saveSummaryDraftMutation = graphql(`
  mutation SaveSummaryDraft($uuid: String!, $summary: String!) {
    saveSummaryDraft(uuid: $uuid, summary: $summary)
  }
`);

export function useSaveSummaryDraft() {
  return useMutation(saveSummaryDraftMutation);
}
