import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const specialistCaseFilesQuery = graphql(`
  query SpecialistCaseFiles($uuid: String!) {
    case(uuid: $uuid) {
      id
      uuid
      files {
        id
        originalName
        fileSize
        fileCategory
        url
      }
    }
  }
`);

export function useSpecialistCaseFiles(uuid: string | null) {
  return useQuery(specialistCaseFilesQuery, {
    variables: { uuid: uuid ?? '' },
    skip: !uuid,
    fetchPolicy: 'cache-and-network',
  });
}
