import { graphql } from '../../gql/gql';

// Only public fields: the full user is read through `me` once the session cookie is set (private
// fields such as email are resolved against the request's actor, which is still anonymous here).
export const loginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      id
      role
    }
  }
`);
