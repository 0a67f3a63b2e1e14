import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { Observable } from 'rxjs';

// One client for the app: queries and mutations over HTTP (session cookie sent), subscriptions over
// graphql-ws (lib/apollo-client-ws.ts). The WebSocket client is its own chunk, loaded by the first
// subscription: the sign-in page, which subscribes to nothing, does not download it.

type WsModule = typeof import('./apollo-client-ws');
let wsModule: Promise<WsModule> | undefined;
const loadWs = (): Promise<WsModule> => {
  wsModule ??= import('./apollo-client-ws');
  return wsModule;
};

/** Drops the socket so the next subscription reconnects with the current session cookie. */
export function restartSocket(): void {
  // No socket module yet means no socket to restart; the first subscription opens one with the cookie.
  void wsModule?.then((ws) => ws.restartSocket());
}

const lazyWsLink = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      let subscription: { unsubscribe(): void } | undefined;
      let unsubscribed = false;
      loadWs().then(
        ({ wsLink }) => {
          if (!unsubscribed) subscription = wsLink.request(operation).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        unsubscribed = true;
        subscription?.unsubscribe();
      };
    }),
);

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });

export const apolloClient = new ApolloClient({
  link: ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, lazyWsLink, httpLink),
  // Apollo's default cache-first matches SPEC §7 ("never stale"); live updates come from subscriptions.
  cache: new InMemoryCache(),
});
