import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { apolloClient } from '../lib/apollo-client';
import { AuthProvider } from '../lib/auth/auth-context';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ApolloProvider client={apolloClient}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </ApolloProvider>
  );
}
