import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { apolloClient } from './apollo-client';

/** The one Apollo client (./apollo-client.ts) for the hooks below it; loaded lazily through ./lazy-apollo.tsx. */
export function AppApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={apolloClient}>{children}</ApolloProvider>;
}
