import { graphql } from '../../../gql/gql';

/** "Notify me on this device" on: the browser's subscription, as PushSubscription.toJSON() gives it. */
export const registerPushSubscriptionMutation = graphql(`
  mutation RegisterPushSubscription($input: PushSubscriptionInput!) {
    registerPushSubscription(input: $input)
  }
`);
