import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const deleteProfilePhotoMutation = graphql(`
  mutation DeleteProfilePhoto {
    deleteProfilePhoto {
      id
      profilePhotoUrl
    }
  }
`);

/** Removes the signed-in user's photo (SPEC §7 DELETE /api/profile/photo, over GraphQL). */
export function useDeleteProfilePhoto() {
  const [mutate] = useMutation(deleteProfilePhotoMutation);
  return async (): Promise<void> => {
    await mutate();
  };
}
