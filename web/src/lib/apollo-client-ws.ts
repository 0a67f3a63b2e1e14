import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { setSocketStatus } from './socket-status';

// The WebSocket side of the Apollo client (lib/apollo-client.ts): subscriptions over graphql-ws on the
// same origin and path. Loaded with the first subscription (after sign-in), not with the first page.
// The server reads the session cookie when the socket opens, so the socket is restarted whenever the
// session changes (see restartSocket).

const NORMAL_CLOSURE = 1000;
/** graphql-ws's code for a client-side terminate(). */
const TERMINATED = 4499;

// Dead-connection detection. A socket whose server or network silently vanished (half-open TCP) still
// looks open to the browser, so the indicator would say "Live" and polling would never resume. The
// client pings (graphql-ws Ping message) KEEP_ALIVE_MS after the socket opens and after every pong;
// without a pong within PONG_TIMEOUT_MS the socket is taken for dead.
/** Same period as the server's own WebSocket pings (graphql-ws useServer default, 12 s). */
const KEEP_ALIVE_MS = 12_000;
/** A live server answers in milliseconds; 5 s tolerates a busy server or a slow mobile link. */
const PONG_TIMEOUT_MS = 5_000;
/** graphql-ws's documented code for a pong timeout (as HTTP 408 Request Timeout). */
const PONG_TIMEOUT_CODE = 4408;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

/** The socket of the current connection (from `opened` to `closed`), to close it on a pong timeout. */
let activeSocket: WebSocket | null = null;
let pongTimer: ReturnType<typeof setTimeout> | undefined;
/** Set while the terminate() of a pong timeout is reported, so that `closed` says reconnecting, not idle. */
let closingForPongTimeout = false;

function clearPongTimer(): void {
  clearTimeout(pongTimer);
  pongTimer = undefined;
}

function onPongTimeout(socket: WebSocket | null): void {
  pongTimer = undefined;
  if (!socket || socket !== activeSocket || socket.readyState !== WebSocket.OPEN) return;
  // The close frame tells a server that is merely slow why (it sees 4408). On a dead connection the
  // browser would fire `close` only when its closing handshake gives up (60 s in Chromium, measured),
  // so terminate() also reports the close at once, and graphql-ws retries as for any drop.
  socket.close(PONG_TIMEOUT_CODE, 'Pong timeout');
  closingForPongTimeout = true;
  try {
    wsClient.terminate();
  } finally {
    closingForPongTimeout = false;
  }
}

// Reconnecting after a drop. Every socket of every user drops at once when the server restarts (a
// deploy): graphql-ws's default wait (2^n s plus 0.3-3 s) brings them all back within 2.7 s, and, as
// this client retries forever, grows without bound (17 min after ten refusals). Here each wait is
// anywhere between 0.3 s and the default's latest ("full jitter": the first retry in 0.3-4 s, so a
// storm is spread over a longer window and nobody waits longer than before), and at most 30 s.
const RETRY_FLOOR_MS = 300;
const RETRY_MAX_MS = 30_000;
const retryWait = (retries: number) => {
  const latest = Math.min(RETRY_MAX_MS, 1000 * 2 ** retries + 3000);
  return new Promise<void>((resolve) =>
    setTimeout(resolve, RETRY_FLOOR_MS + Math.random() * (latest - RETRY_FLOOR_MS)),
  );
};

const wsClient = createClient({
  url: socketUrl,
  lazy: true,
  lazyCloseTimeout: 3000,
  retryAttempts: Number.POSITIVE_INFINITY,
  shouldRetry: () => true,
  retryWait,
  keepAlive: KEEP_ALIVE_MS,
  on: {
    connecting: (isRetry) => setSocketStatus(isRetry ? 'reconnecting' : 'connecting'),
    opened: (socket) => {
      clearPongTimer();
      activeSocket = socket as WebSocket;
    },
    connected: () => setSocketStatus('connected'),
    ping: (received) => {
      if (received) return; // a ping from the server: graphql-ws answers it
      clearPongTimer();
      const socket = activeSocket;
      pongTimer = setTimeout(() => onPongTimeout(socket), PONG_TIMEOUT_MS);
    },
    pong: (received) => {
      if (received) clearPongTimer();
    },
    closed: (event) => {
      clearPongTimer();
      activeSocket = null;
      // A lazy close (no subscription left) or restartSocket is normal; anything else, a pong timeout
      // included, is a drop the client retries.
      const code = (event as { code?: number } | undefined)?.code;
      const normal = code === NORMAL_CLOSURE || (code === TERMINATED && !closingForPongTimeout);
      setSocketStatus(normal ? 'idle' : 'reconnecting');
    },
  },
});

/** Drops the socket so the next subscription reconnects with the current session cookie. */
export function restartSocket(): void {
  wsClient.terminate();
  setSocketStatus('idle');
}

export const wsLink = new GraphQLWsLink(wsClient);
