import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { setSocketStatus } from './socket-status';

// One client for the app: queries and mutations over HTTP (session cookie sent), subscriptions over
// graphql-ws on the same origin and path. The server reads the session cookie when the socket opens,
// so the socket is restarted whenever the session changes (see restartSocket).

const NORMAL_CLOSURE = 1000;
/** graphql-ws's code for a client-side terminate(). */
const TERMINATED = 4499;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

const wsClient = createClient({
  url: socketUrl,
  lazy: true,
  lazyCloseTimeout: 3000,
  retryAttempts: Number.POSITIVE_INFINITY,
  shouldRetry: () => true,
  on: {
    connecting: (isRetry) => setSocketStatus(isRetry ? 'reconnecting' : 'connecting'),
    connected: () => setSocketStatus('connected'),
    closed: (event) => {
      // A lazy close (no subscription left) is normal; anything else is a drop the client retries.
      const code = (event as { code?: number } | undefined)?.code;
      setSocketStatus(code === NORMAL_CLOSURE || code === TERMINATED ? 'idle' : 'reconnecting');
    },
  },
});

/** Drops the socket so the next subscription reconnects with the current session cookie. */
export function restartSocket(): void {
  wsClient.terminate();
  setSocketStatus('idle');
}

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
const wsLink = new GraphQLWsLink(wsClient);

export const apolloClient = new ApolloClient({
  link: ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink),
  // Apollo's default cache-first matches SPEC §7 ("never stale"); live updates come from subscriptions.
  cache: new InMemoryCache(),
});
