import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const availableCasesChangedSubscription = graphql(`
  subscription AvailableCasesChanged {
    availableCasesChanged {
      uuid
      status
      kind
    }
  }
`);

/** A case entered or left the specialist's Available Cases (only approved specialists may subscribe). */
export function useAvailableCasesChanged(onChange: () => void, skip: boolean) {
  useSubscription(availableCasesChangedSubscription, { onData: () => onChange(), skip });
}
