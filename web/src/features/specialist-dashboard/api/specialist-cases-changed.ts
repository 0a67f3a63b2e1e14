import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const specialistCasesChangedSubscription = graphql(`
  subscription SpecialistCasesChanged {
    myCasesChanged {
      uuid
      status
      kind
    }
  }
`);

export function useSpecialistCasesChanged(onChange: () => void) {
  useSubscription(specialistCasesChangedSubscription, { onData: () => onChange() });
}
