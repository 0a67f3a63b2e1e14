import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const pendingSpecialistsChangedSubscription = graphql(`
  subscription PendingSpecialistsChanged {
    pendingSpecialistsChanged {
      kind
      specialistId
    }
  }
`);

/** Calls `onChange` whenever a specialist registers, is approved or is rejected. */
export function usePendingSpecialistsChanged(onChange: () => void, skip = false) {
  useSubscription(pendingSpecialistsChangedSubscription, { skip, onData: () => onChange() });
}
