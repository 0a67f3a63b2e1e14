import { graphql } from '../../gql/gql';

// Only public fields (see login-mutation.ts); a signed-in registrant is then read through `me`.
export const registerMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      signedIn
      user {
        id
        role
        approved
      }
    }
  }
`);
