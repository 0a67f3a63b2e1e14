import { graphql } from '../../../gql/gql';

/** Whether pushes to this browser's endpoint reach the signed-in user (the device switch is on only then). */
export const pushSubscriptionRegisteredQuery = graphql(`
  query PushSubscriptionRegistered($endpoint: String!) {
    pushSubscriptionRegistered(endpoint: $endpoint)
  }
`);
