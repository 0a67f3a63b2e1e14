import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

// The diagnostic files stored on the draft (issue 22 item 1): listed with the draft after a reload,
// removable while it is a draft or unpaid.

const draftFilesQuery = graphql(`
  query ConsultDraftFiles($uuid: String!) {
    draft(uuid: $uuid) {
      id
      files(category: input) {
        id
        filename
        fileSize
      }
    }
  }
`);

const removeDraftFileMutation = graphql(`
  mutation RemoveDraftFile($fileId: Int!) {
    removeDraftFile(fileId: $fileId) {
      id
      files(category: input) {
        id
        filename
        fileSize
      }
    }
  }
`);

export function useDraftFiles(uuid: string | null) {
  return useQuery(draftFilesQuery, {
    variables: { uuid: uuid ?? '' },
    skip: !uuid,
    fetchPolicy: 'cache-and-network',
  });
}

export function useRemoveDraftFile() {
  return useMutation(removeDraftFileMutation);
}
