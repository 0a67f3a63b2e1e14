import { once } from 'node:events';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { frameOf, serveGraphqlWs } from '../src/graphql/socket-server';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// The graphql-transport-ws protocol as graphql/socket-server.ts serves it: the messages, close codes and
// order graphql-ws's own server gave (the web client and scripts speak graphql-ws), and a result
// serialised once however many sockets receive it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Message = { id?: string; type: string; payload?: unknown };

/** A raw protocol client: the messages it received, in order, and what it sends. */
async function rawClient(cookie: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie },
  });
  const received: Message[] = [];
  const waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.test(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await once(socket, 'open');
  return {
    socket,
    received,
    closed,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (test: (m: Message) => boolean) =>
      new Promise<Message>((resolve, reject) => {
        const already = received.find(test);
        if (already) return resolve(already);
        const timer = setTimeout(() => reject(new Error('no such message')), 3000);
        waiters.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      }),
  };
}

async function acknowledged(cookie: string) {
  const client = await rawClient(cookie);
  client.send({ type: 'connection_init' });
  await client.next((m) => m.type === 'connection_ack');
  return client;
}

async function vetCookie() {
  const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  return (await signedInClient(server.url, vet)).cookieHeader;
}

describe('the graphql-transport-ws protocol', () => {
  it('a query is answered with next then complete; ping with pong', async () => {
    const client = await acknowledged(await vetCookie());
    client.send({ id: 'q1', type: 'subscribe', payload: { query: '{ me { role } }' } });
    await client.next((m) => m.id === 'q1' && m.type === 'complete');
    client.send({ type: 'ping', payload: { n: 1 } });
    await client.next((m) => m.type === 'pong');
    expect(client.received).toEqual([
      { type: 'connection_ack' },
      { id: 'q1', type: 'next', payload: { data: { me: { role: 'VETERINARIAN' } } } },
      { id: 'q1', type: 'complete' },
      { type: 'pong', payload: { n: 1 } },
    ]);
    client.socket.close();
  });

  it('validation errors are an error message of the operation, without complete; the socket stays', async () => {
    const client = await acknowledged(await vetCookie());
    client.send({ id: 'bad', type: 'subscribe', payload: { query: 'subscription { noSuchField }' } });
    const error = await client.next((m) => m.id === 'bad');
    expect(error.type).toBe('error');
    expect((error.payload as Array<{ message: string }>)[0]?.message).toContain('noSuchField');
    // The id is free again, and the socket still serves.
    client.send({ id: 'bad', type: 'subscribe', payload: { query: '{ me { role } }' } });
    await client.next((m) => m.id === 'bad' && m.type === 'complete');
    expect(client.received.filter((m) => m.type === 'complete')).toHaveLength(1);
    client.socket.close();
  });

  it('a subscription completed by the client is released; its id may be used again', async () => {
    const client = await acknowledged(await vetCookie());
    const subscribers = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return Number(text.match(/^graphql_websocket_subscribers (\d+)/m)?.[1]);
    };
    const before = await subscribers();
    const query = 'subscription { myCasesChanged { uuid } }';
    client.send({ id: 's', type: 'subscribe', payload: { query } });
    await expect.poll(subscribers).toBe(before + 1);
    client.send({ id: 's', type: 'complete' });
    await expect.poll(subscribers).toBe(before);
    client.send({ id: 's', type: 'subscribe', payload: { query } });
    await expect.poll(subscribers).toBe(before + 1);
    client.socket.close();
    await client.closed;
    await expect.poll(subscribers).toBe(before);
  });

  it('closes with the codes of the protocol', async () => {
    const cookie = await vetCookie();
    // A second subscription under a live id.
    const twice = await acknowledged(cookie);
    const live = { id: 'x', type: 'subscribe', payload: { query: 'subscription { myCasesChanged { uuid } }' } };
    twice.send(live);
    twice.send(live);
    expect(await twice.closed).toEqual({ code: 4409, reason: 'Subscriber for x already exists' });
    // A subscribe before connection_init was acknowledged.
    const early = await rawClient(cookie);
    early.send(live);
    expect(await early.closed).toEqual({ code: 4401, reason: 'Unauthorized' });
    // Two connection_init.
    const again = await acknowledged(cookie);
    again.send({ type: 'connection_init' });
    expect(await again.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });
    // Not a message of the protocol.
    const garbage = await acknowledged(cookie);
    garbage.send('{"type":"nonsense"}');
    expect(await garbage.closed).toEqual({ code: 4400, reason: 'Invalid message received' });
  });

  it('refuses a socket without the graphql-transport-ws subprotocol (4406)', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`);
    const [code, reason] = (await once(socket, 'close')) as [number, Buffer];
    expect([code, String(reason)]).toEqual([4406, 'Subprotocol not acceptable']);
  });
});

describe('next frames', () => {
  it('a result is serialised once: the same id gets the same bytes, another id the same payload', () => {
    const result = { data: { n: 1 } };
    const first = frameOf('1', result);
    expect(frameOf('1', result)).toBe(first);
    expect(JSON.parse(String(first))).toEqual({ id: '1', type: 'next', payload: { data: { n: 1 } } });
    expect(JSON.parse(String(frameOf('a"b', result)))).toEqual({ id: 'a"b', type: 'next', payload: result });
  });

  it('errors are written as graphql-ws writes them (toJSON), and no errors key without errors', () => {
    const error = new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' }, path: ['x'] });
    const payload = JSON.parse(String(frameOf('1', { data: null, errors: [error] }))).payload;
    expect(payload).toEqual({ data: null, errors: [error.toJSON()] });
    expect(JSON.parse(String(frameOf('1', { data: { n: 2 } }))).payload).not.toHaveProperty('errors');
  });
});

describe('an internal error', () => {
  /** A bare socket server whose connection_init fails, and the close a client gets from it. */
  async function closeOnFailedInit(exposeInternalErrors: boolean) {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    const served = serveGraphqlWs(
      wss,
      {
        open: () => ({}),
        onConnect: () => {
          throw new Error('the session store is down');
        },
        onSubscribe: async () => [],
        onInternalError: () => {},
        exposeInternalErrors,
      },
      0,
    );
    const { port } = wss.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}`, 'graphql-transport-ws');
    await once(socket, 'open');
    socket.send(JSON.stringify({ type: 'connection_init' }));
    const [code, reason] = (await once(socket, 'close')) as [number, Buffer];
    served.dispose();
    await new Promise((resolve) => wss.close(resolve));
    return [code, String(reason)];
  }

  it('closes with 4500, its message only where the server exposes internal errors (not in production)', async () => {
    expect(await closeOnFailedInit(false)).toEqual([4500, 'Internal server error']);
    expect(await closeOnFailedInit(true)).toEqual([4500, 'the session store is down']);
  });
});
