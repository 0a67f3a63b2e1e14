import { graphql } from '../../../gql/gql';

/** "Notify me on this device" off. */
export const unregisterPushSubscriptionMutation = graphql(`
  mutation UnregisterPushSubscription($endpoint: String!) {
    unregisterPushSubscription(endpoint: $endpoint)
  }
`);
