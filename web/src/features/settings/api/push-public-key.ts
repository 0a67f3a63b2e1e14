import { graphql } from '../../../gql/gql';

/** The VAPID public key to subscribe this browser with (hooks/use-device-push.ts asks it imperatively). */
export const pushPublicKeyQuery = graphql(`
  query PushPublicKey {
    pushPublicKey
  }
`);
