import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const consultsChangedSubscription = graphql(`
  subscription ConsultsChanged {
    myCasesChanged {
      uuid
      status
      kind
    }
  }
`);

/** Calls `onChange` whenever one of the user's cases changes. */
export function useMyCasesChanged(onChange: () => void) {
  useSubscription(consultsChangedSubscription, { onData: () => onChange() });
}
