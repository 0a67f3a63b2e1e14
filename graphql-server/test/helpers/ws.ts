import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client that sends the given cookie on the upgrade request, like a browser would. */
export function wsClient(baseUrl: string, cookie: string, options: { retryAttempts?: number } = {}): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: options.retryAttempts ?? 0,
    lazy: false,
  });
}

/** Collects the results of one subscription; `next(predicate)` waits for a matching one. */
export function collect<T = any>(client: Client, query: string, variables?: Record<string, unknown>) {
  const received: Array<{ data?: T; errors?: unknown }> = [];
  const waiters: Array<{ test: (r: { data?: T }) => boolean; resolve: (r: { data?: T }) => void }> = [];
  let failure: unknown;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next(result) {
        received.push(result as { data?: T });
        for (const waiter of [...waiters]) {
          if (waiter.test(result as { data?: T })) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(result as { data?: T });
          }
        }
      },
      error(error) {
        failure = error;
      },
      complete() {},
    },
  );
  return {
    received,
    get failure() {
      return failure;
    },
    dispose,
    next(test: (r: { data?: T }) => boolean = () => true, timeoutMs = 5000): Promise<{ data?: T }> {
      const already = received.find(test);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          test,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
  };
}

/** Resolves once the socket is open and acknowledged (so later events are not missed). */
export function connected(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const offConnected = client.on('connected', () => {
      offConnected();
      resolve();
    });
    const offClosed = client.on('closed', (event) => {
      offClosed();
      reject(new Error(`socket closed: ${JSON.stringify(event)}`));
    });
  });
}
