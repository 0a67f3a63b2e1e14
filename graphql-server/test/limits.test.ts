import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BODY_LIMIT_BYTES, GRAPHQL_LIMITS } from '../src/http/limits';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Request limits through every door: GraphQL document limits (graphql-armor) over HTTP and WebSocket,
// body size over GraphQL, REST and WebSocket, CSRF prevention, and introspection / suggestions in
// production. Each limit is shown both refusing and (just under it) accepting, so none passes by
// refusing everything.

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({ isProduction: true, graphiql: false, env: 'production' });
});
afterAll(async () => {
  await server?.close();
  await production?.close();
});

const nested = (depth: number) => {
  // myCases (1) { originalCase (2..depth-1) { id (depth) } }
  let inner = 'id';
  for (let i = 0; i < depth - 2; i++) inner = `originalCase { ${inner} }`;
  return `{ myCases { ${inner} } }`;
};
// Aliases of __typename are free (graphql-armor's allow list): alias a real field.
const aliases = (n: number) => `{ me { ${Array.from({ length: n }, (_, i) => `a${i}: id`).join(' ')} } }`;
const messages = (body: { errors?: Array<{ message: string }> }) =>
  (body.errors ?? []).map((e) => e.message).join(' | ');

describe('GraphQL document limits over HTTP', () => {
  it('a depth-20 query is refused; the same shape at the limit runs', async () => {
    const client = new TestClient(server.url);
    // At depth 20 the cost rule (which grows with depth) is the first to object.
    const deep = await client.gql(nested(20));
    expect(deep.data).toBeUndefined();
    expect(messages(deep)).toMatch(/(depth|cost) limit of \d+ exceeded/i);
    const deeper = await client.gql(nested(GRAPHQL_LIMITS.maxDepth + 1));
    expect(messages(deeper)).toMatch(
      new RegExp(`depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found ${GRAPHQL_LIMITS.maxDepth + 1}`, 'i'),
    );
    const atLimit = await client.gql(nested(GRAPHQL_LIMITS.maxDepth));
    // Passes the limits and reaches the resolver, which wants a session.
    expect(atLimit.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('1,000 aliases are refused; 30 are fine', async () => {
    const client = new TestClient(server.url);
    const many = await client.gql(aliases(1000));
    expect(many.data).toBeUndefined();
    expect(messages(many)).toMatch(/aliases limit of 30 exceeded, found 1000/i);
    const few = await client.gql(aliases(GRAPHQL_LIMITS.maxAliases));
    expect(few.errors).toBeUndefined();
    expect(few.data).toEqual({ me: null }); // valid, ran, no session
  });

  it('too many tokens are refused before validation; too many directives too', async () => {
    const client = new TestClient(server.url);
    const tokens = await client.gql(`{ ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens + 10)} }`);
    expect(messages(tokens)).toMatch(/token limit of 5000 exceeded/i);
    const directives = await client.gql(`{ __typename ${'@include(if: true) '.repeat(60)} }`);
    expect(messages(directives)).toMatch(/directives limit of 50 exceeded/i);
  });

  it('every operation of the web client fits within the limits', async () => {
    // The operations as written in the web client's source (graphql(`...`) in each feature's api/).
    const webSrc = join(import.meta.dirname, '../../web/src');
    const files = (await readdir(webSrc, { recursive: true })).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('gql'));
    const documents: Array<[string, string]> = [];
    for (const file of files) {
      const text = await readFile(join(webSrc, file), 'utf8');
      for (const match of text.matchAll(/graphql\(`([^`]*)`\)/g)) documents.push([file, match[1] ?? '']);
    }
    expect(documents.length).toBeGreaterThan(20);
    const client = new TestClient(production.url);
    for (const [name, document] of documents) {
      const result = await client.gql(document, {});
      // Missing variables or no session are fine here; a limit error is not.
      expect(messages(result), name).not.toMatch(/limit of \d+ exceeded/i);
    }
  });
});

describe('GraphQL document limits over WebSocket (same envelope)', () => {
  it('depth, aliases and syntax errors come back as errors of the operation; the socket stays open', async () => {
    const client = wsClient(server.url, '');
    try {
      await connected(client);
      const failures: string[] = [];
      for (const query of [nested(20), aliases(1000), '{ me { ']) {
        const result = collect(client, query);
        await expect.poll(() => result.failure, { timeout: 5000 }).toBeDefined();
        failures.push(JSON.stringify(result.failure));
      }
      expect(failures[0]).toMatch(/(depth|cost) limit of \d+ exceeded/i);
      expect(failures[1]).toMatch(/aliases limit of 30 exceeded/i);
      expect(failures[2]).toMatch(/Syntax Error/);
      // Same socket, next operation works.
      const ok = collect(client, '{ __typename }');
      expect((await ok.next()).data).toEqual({ __typename: 'Query' });
    } finally {
      await client.dispose();
    }
  });

  it('a 5 MB WebSocket message closes that socket with 1009 (message too big)', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => {});
    socket.send('x'.repeat(5 * 1024 * 1024));
    expect(await closed).toBe(1009);
  });
});

describe('body size', () => {
  const fiveMb = 'x'.repeat(5 * 1024 * 1024);

  it('a 5 MB body is a 413 with a clear message over GraphQL and REST', async () => {
    const client = new TestClient(server.url);
    const graphql = await client.post('/graphql', { query: '{ __typename }', variables: { padding: fiveMb } });
    expect(graphql.status).toBe(413);
    expect(graphql.body.errors[0]).toMatchObject({
      message: 'Request body is too large',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const rest = await client.post('/api/auth/register', { username: fiveMb });
    expect(rest.status).toBe(413);
    expect(rest.body).toMatchObject({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a 1 MB string field is over the body limit; one just under it is a validation error', async () => {
    const client = new TestClient(server.url);
    const oneMb = 'a'.repeat(BODY_LIMIT_BYTES);
    const register = `mutation ($input: RegisterInput!) { register(input: $input) { signedIn } }`;
    const input = (username: string) => ({
      username,
      password: 'secret123',
      email: `x${randomUUID().slice(0, 6)}@example.com`,
      name: 'X',
      role: 'VETERINARIAN',
      clinicName: 'C',
      clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
    });
    expect((await client.post('/graphql', { query: register, variables: { input: input(oneMb) } })).status).toBe(413);
    expect((await client.post('/api/auth/register', input(oneMb))).status).toBe(413);

    const almost = 'a'.repeat(BODY_LIMIT_BYTES - 4096);
    const graphql = await client.gql(register, { input: input(almost) });
    expect(graphql.errors?.[0]).toMatchObject({
      message: 'Username must be at most 50 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const rest = await client.post('/api/auth/register', input(almost));
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Username must be at most 50 characters');
  });

  it('a large JSON field that the schema does not cap is still refused by the schema, not stored', async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, vet);
    const saved = await client.post('/api/consults/drafts', { patientName: 'Rex', clinicalSigns: 'a'.repeat(600_000) });
    expect(saved.status).toBe(400);
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(0);
  });
});

describe('CSRF prevention on /graphql', () => {
  it('a GET or a form-encoded POST without a preflight header is refused; with one it runs', async () => {
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(get.status).toBe(403);
    expect(await get.text()).toMatch(/CSRF/);
    const withHeader = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { 'x-graphql-yoga-csrf': '1' },
    });
    expect(withHeader.status).toBe(200);
    expect((await withHeader.json()).data).toEqual({ __typename: 'Query' });
    const text = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(text.status).toBe(403);
  });

  it('multipart is refused on /graphql (files go through REST)', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ __typename }' }));
    form.set('map', '{}');
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(415);
  });

  it('no CORS grant for other origins', async () => {
    const preflight = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('production: no introspection, no field suggestions, no GraphiQL', () => {
  it('introspection is refused in production and works in development', async () => {
    const query = '{ __schema { queryType { name } } }';
    const prod = await new TestClient(production.url).gql(query);
    expect(prod.data).toBeUndefined();
    expect(messages(prod)).toMatch(/introspection has been disabled/i);
    const dev = await new TestClient(server.url).gql(query);
    expect(dev.data.__schema.queryType.name).toBe('Query');
  });

  it('a misspelt field gets no suggestion in production', async () => {
    const prod = await new TestClient(production.url).gql('{ myCase { id } }');
    expect(messages(prod)).not.toMatch(/Did you mean/);
    expect(messages(prod)).toMatch(/myCase/);
    const dev = await new TestClient(server.url).gql('{ myCase { id } }');
    expect(messages(dev)).toMatch(/Did you mean/);
  });

  it('GraphiQL is not served in production', async () => {
    const response = await fetch(`${production.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    const dev = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(dev.headers.get('content-type')).toMatch(/text\/html/);
  });
});
