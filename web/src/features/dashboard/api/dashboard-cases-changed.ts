import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const dashboardCasesChangedSubscription = graphql(`
  subscription DashboardCasesChanged {
    myCasesChanged {
      uuid
      status
      kind
    }
  }
`);

/** Calls `onChange` whenever one of the user's cases changes (activated, accepted, reviewed...). */
export function useDashboardCasesChanged(onChange: () => void) {
  useSubscription(dashboardCasesChangedSubscription, { onData: () => onChange() });
}
