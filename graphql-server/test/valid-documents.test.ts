import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createContextBuilder } from '../src/context';
import { createValidDocuments } from '../src/graphql/valid-documents';
import { attachGraphqlWs } from '../src/graphql/ws';
import { createYogaServer } from '../src/graphql/yoga';
import type { Db } from '../src/lib/db/client';
import { createEventBus } from '../src/lib/events';
import type { Logger } from '../src/lib/logger';
import { createPushQueue } from '../src/lib/push-queue';
import type { Services } from '../src/services';

// A socket's operation text that parsed and validated once is not parsed and validated through a new
// Yoga envelope again (graphql/valid-documents.ts): the web app's few subscriptions, sent by every
// socket, cost no envelope. A text with errors is refused every time, and queries and mutations still
// run through the envelope (its execute hooks: metrics, rate limits).

describe('valid documents', () => {
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
  });

  it('remembers the most recently used texts, each with an id of its own', () => {
    const documents = createValidDocuments(2);
    const a = documents.remember('a', parse('{ ok }'), schema);
    const b = documents.remember('b', parse('{ ok }'), schema);
    expect(a.id).not.toBe(b.id);
    expect(documents.get('a')).toBe(a); // now the most recent
    const c = documents.remember('c', parse('{ ok }'), schema);
    expect(documents.size).toBe(2);
    expect(documents.get('b')).toBeUndefined(); // the least recently used went
    expect(documents.get('a')).toBe(a);
    expect(documents.get('c')).toBe(c);
    // Remembered again, a text gets a new id: a key made with the old one is never matched by another text.
    expect(documents.remember('b', parse('{ ok }'), schema).id).not.toBe(b.id);
  });
});

describe('operations over the socket', () => {
  let server: Server | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    server?.close();
  });

  /** A socket server over a small schema, with Yoga's getEnveloped counted. */
  async function start() {
    const events = createPushQueue<string>();
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'yes' } } }),
      subscription: new GraphQLObjectType({
        name: 'Subscription',
        fields: {
          changed: {
            type: GraphQLString,
            subscribe: () => events.iterator,
            resolve: (event: string) => event,
          },
        },
      }),
    });
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as Logger;
    const bus = createEventBus();
    const buildContext = createContextBuilder({ db: {} as Db, services: {} as Services, events: bus });
    const yoga = createYogaServer({
      schema,
      logger,
      graphiql: false,
      isProduction: true,
      context: async () =>
        buildContext({ actor: null, sessionToken: null, request: { ip: '', userAgent: undefined }, cookies: null }),
    });
    const getEnveloped = vi.spyOn(yoga, 'getEnveloped');
    server = createServer();
    const services = { auth: { actorsFromSessions: async () => new Map() } } as unknown as Services;
    const ws = attachGraphqlWs({ server, yoga, buildContext, services, events: bus, logger, keepAliveMs: 0 });
    close = () => ws.close();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    return { events, getEnveloped, url };
  }

  /** An acknowledged socket, and the messages it receives. */
  async function socket(url: string) {
    const client = new WebSocket(url, 'graphql-transport-ws');
    const received: Array<{ id?: string; type: string; payload?: unknown }> = [];
    client.on('message', (data) => received.push(JSON.parse(String(data))));
    await once(client, 'open');
    client.send(JSON.stringify({ type: 'connection_init' }));
    await vi.waitFor(() => expect(received.some((m) => m.type === 'connection_ack')).toBe(true));
    return {
      received,
      subscribe: (id: string, query: string) =>
        client.send(JSON.stringify({ id, type: 'subscribe', payload: { query } })),
      close: () => client.close(),
    };
  }

  it('a valid text costs an envelope once; a text with errors every time; a query runs through one', async () => {
    const { events, getEnveloped, url } = await start();
    const first = await socket(url);
    const second = await socket(url);
    first.subscribe('1', 'subscription { changed }');
    second.subscribe('1', 'subscription { changed }');
    // Both subscriptions live (one shared execution: the same text, the same anonymous caller): an event
    // pushed until each socket has one.
    await vi.waitFor(() => {
      events.push('x');
      expect(first.received.some((m) => m.type === 'next')).toBe(true);
      expect(second.received.some((m) => m.type === 'next')).toBe(true);
    });
    expect(getEnveloped).toHaveBeenCalledTimes(1);

    // Errors are answered each time, and never remembered.
    first.subscribe('2', 'subscription { nothing }');
    first.subscribe('3', 'subscription { nothing }');
    await vi.waitFor(() => expect(first.received.filter((m) => m.type === 'error')).toHaveLength(2));
    expect(getEnveloped).toHaveBeenCalledTimes(3);

    // A query of a known text still executes through the envelope (its plugins' execute hooks).
    second.subscribe('4', '{ ok }');
    await vi.waitFor(() => expect(second.received.some((m) => m.id === '4' && m.type === 'complete')).toBe(true));
    second.subscribe('5', '{ ok }');
    await vi.waitFor(() => expect(second.received.some((m) => m.id === '5' && m.type === 'complete')).toBe(true));
    expect(second.received.filter((m) => m.type === 'next' && (m.id === '4' || m.id === '5'))).toEqual([
      { id: '4', type: 'next', payload: { data: { ok: 'yes' } } },
      { id: '5', type: 'next', payload: { data: { ok: 'yes' } } },
    ]);
    // The first { ok } parses and validates through its envelope, which also executes it; the second
    // is remembered, and makes one only to execute.
    expect(getEnveloped).toHaveBeenCalledTimes(5);
    first.close();
    second.close();
  });
});
