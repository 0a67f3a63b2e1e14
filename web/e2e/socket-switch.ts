import type { BrowserContext, WebSocketRoute } from '@playwright/test';

// The page's GraphQL WebSocket routed through the test, to take it down and bring it back without touching
// the server (the live specs: live-idle.spec.ts, live-catch-up.spec.ts).

/**
 * Routes the page's GraphQL sockets through the test, as a switchable network: `down()` drops the open
 * sockets as a crashed server would and refuses new ones; `silence()` keeps them open but lets no frame
 * through either way (a half-open connection); `up()` lets new sockets reach the server again.
 */
export async function switchableSocket(context: BrowserContext) {
  let state: 'up' | 'down' = 'up';
  const open = new Set<RoutedSocket>();
  await context.routeWebSocket(/\/graphql$/, (route) => {
    if (state === 'down') {
      void route.close({ code: 1006, reason: 'Refused' });
      return;
    }
    const server = route.connectToServer();
    const socket: RoutedSocket = { route, server, silent: false, pageCloses: [] };
    open.add(socket);
    route.onMessage((message) => {
      if (!socket.silent) server.send(message);
    });
    server.onMessage((message) => {
      if (!socket.silent) route.send(message);
    });
    route.onClose((code, reason) => {
      socket.pageCloses.push({ code, reason });
      open.delete(socket);
      void server.close({ code, reason });
    });
    server.onClose((code, reason) => {
      open.delete(socket);
      if (!socket.silent) void route.close({ code, reason });
    });
  });
  return {
    openCount: () => open.size,
    async down() {
      state = 'down';
      for (const socket of [...open]) {
        open.delete(socket);
        socket.silent = true;
        await socket.server.close();
        await socket.route.close({ code: 1006, reason: 'Server gone' });
      }
    },
    /** Silences the open sockets, and returns them. */
    silence(): RoutedSocket[] {
      const silenced = [...open];
      for (const socket of silenced) socket.silent = true;
      return silenced;
    },
    up() {
      state = 'up';
    },
  };
}

export interface RoutedSocket {
  route: WebSocketRoute;
  server: WebSocketRoute;
  /** No frame passes either way, and the page is not told when the server side closes. */
  silent: boolean;
  /** The close() calls of the page, in order. */
  pageCloses: { code: number | undefined; reason: string | undefined }[];
}
