import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const fileThumbnailsQuery = graphql(`
  query CaseFileThumbnails($uuid: String!) {
    case(uuid: $uuid) {
      id
      files {
        id
        thumbnailUrl
      }
    }
  }
`);

/** Thumbnail URLs of a case's files by file id (one query per case, shared by every file row). */
export function useFileThumbnails(caseUuid: string): Map<number, string> {
  const { data } = useQuery(fileThumbnailsQuery, { variables: { uuid: caseUuid }, fetchPolicy: 'cache-and-network' });
  const map = new Map<number, string>();
  for (const file of data?.case?.files ?? []) if (file.thumbnailUrl) map.set(file.id, file.thumbnailUrl);
  return map;
}
