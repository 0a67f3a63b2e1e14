import WebSocket from 'ws';

// A load-generator client for the graphql-transport-ws protocol: one socket, one subscription, and a
// receipt time taken as soon as a `next` frame arrives. The bench runs 1,000 of these in one process on
// a 2-core machine, where each of them stands for a browser on its own computer. graphql-ws's Client
// spends about 50 µs per message here (validation, sinks, promise chains), so 1,000 of them in one
// process would add ~50 ms of the bench's own queueing to every event's last receipt; this one spends a
// few µs. The integration tests use the real graphql-ws Client.

export interface LoadClient {
  /** Resolves once the server acknowledged the connection. */
  ready: Promise<void>;
  subscribe(query: string, onNext: (payload: { data?: unknown; errors?: unknown }, receivedAt: number) => void): void;
  close(): Promise<void>;
}

export function loadClient(baseUrl: string, cookie: string): LoadClient {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie },
    perMessageDeflate: false,
  });
  const handlers = new Map<string, (payload: { data?: unknown; errors?: unknown }, receivedAt: number) => void>();
  let nextId = 1;
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send('{"type":"connection_init"}'));
    socket.once('close', (code, reason) => reject(new Error(`socket closed: ${code} ${reason}`)));
    socket.once('error', reject);
    socket.on('message', (data) => {
      const receivedAt = Date.now();
      const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: never };
      if (message.type === 'next' && message.id) handlers.get(message.id)?.(message.payload ?? {}, receivedAt);
      else if (message.type === 'connection_ack') resolve();
      else if (message.type === 'ping') socket.send('{"type":"pong"}');
      else if (message.type === 'error') throw new Error(`subscription error: ${JSON.stringify(message.payload)}`);
    });
  });
  return {
    ready,
    subscribe(query, onNext) {
      const id = String(nextId++);
      handlers.set(id, onNext);
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(1000, 'bench done');
      });
    },
  };
}
