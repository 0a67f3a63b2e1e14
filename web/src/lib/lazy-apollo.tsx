import { lazy, type ReactNode } from 'react';

// The one Apollo client (./apollo-client.ts) is not part of the first download: /auth shows and submits
// its form without it (issue 17: Apollo, graphql and rxjs are about 50 KB gzipped). Its hooks (useQuery,
// useMutation, useSubscription) need <ApolloProvider>, which is a chunk of its own: the signed-in frame,
// the reset page and the Register and Reset Password tabs render inside <WithApollo>, and the session
// calls (./auth/session-calls.ts) import the same client module.

type ProviderModule = typeof import('./apollo-provider');
let loading: Promise<ProviderModule> | undefined;

/** Starts downloading the provider (and the client it imports); a failed download is tried again next time. */
export function preloadApollo(): Promise<ProviderModule> {
  loading ??= import('./apollo-provider').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const LazyProvider = lazy(() => preloadApollo().then((m) => ({ default: m.AppApolloProvider })));

/** Renders its children inside the one client's <ApolloProvider>; suspends (nearest <Suspense>) until it has loaded. */
export function WithApollo({ children }: { children: ReactNode }) {
  return <LazyProvider>{children}</LazyProvider>;
}
