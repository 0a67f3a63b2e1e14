import { setTimeout as sleep } from 'node:timers/promises';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { READ_ONLY_TOKEN, SESSION_ONLY } from '../src/domain/actor';
import { EXPIRED_ACCESS_TOKEN, INVALID_ACCESS_TOKEN } from '../src/domain/auth/access-tokens.service';
import type { User } from '../src/generated/prisma/client';
import { RATE_LIMITS } from '../src/http/limits';
import { hashToken } from '../src/lib/tokens';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer, UNLIMITED } from './helpers/server';
import { collect, connected } from './helpers/ws';

// Issue 20: personal access tokens through every door (REST, GraphQL over HTTP, the WebSocket's
// connection_init), read-only tokens refused on writes, revocation and expiry at once, only hashes stored,
// cross-site checks unchanged for cookies, token management only from a browser session, per-token limits.

let server: TestServer;
let vet: User;
let admin: User;
let vetSession: TestClient;
let adminSession: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  admin = await createUser(server.database.db, { role: 'ADMIN' });
  vetSession = await signedInClient(server.url, vet);
  adminSession = await signedInClient(server.url, admin);
});
afterAll(() => server.close());

/** A token made through the REST door by a signed-in browser session. */
async function createToken(
  session: TestClient,
  input: { name?: string; scope?: 'read' | 'read_write'; expiresAt?: string | null } = {},
): Promise<{ token: string; id: number }> {
  const response = await session.post('/api/profile/tokens', { name: 'Script', scope: 'read', ...input });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { token: response.body.token, id: response.body.accessToken.id };
}

/** A client that sends `Authorization: Bearer <token>` and no cookie. */
function bearer(token: string, headers: Record<string, string> = {}) {
  const client = new TestClient(server.url);
  const auth = { authorization: `Bearer ${token}`, ...headers };
  return {
    get: (path: string) => client.request('GET', path, undefined, auth),
    post: (path: string, body?: unknown) => client.request('POST', path, body ?? {}, auth),
    put: (path: string, body?: unknown) => client.request('PUT', path, body ?? {}, auth),
    delete: (path: string) => client.request('DELETE', path, undefined, auth),
    gql: async (query: string, variables?: Record<string, unknown>) =>
      (await client.request('POST', '/graphql', { query, variables }, auth)).body as {
        data?: any;
        errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
      },
  };
}

/** A graphql-ws client sending the token in its connection_init payload; `closed` is its close event. */
function tokenSocket(token: string, url = server.url) {
  let closedWith: (event: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    closedWith = resolve;
  });
  const client: Client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {}, // the close is what the tests read
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        closedWith({ code, reason: String(reason) });
      },
    },
  });
  return { client, closed };
}

/** One operation over a socket, its whole result. */
function runOnSocket(client: Client, query: string, variables?: Record<string, unknown>) {
  return new Promise<{ data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>(
    (resolve, reject) => {
      let result: any;
      client.subscribe(
        { query, variables },
        { next: (value) => (result = value), error: reject, complete: () => resolve(result) },
      );
    },
  );
}

const SAVE_DRAFT = 'mutation ($input: ConsultInput!) { saveDraft(input: $input) { id } }';

describe('a token works through every door', () => {
  it('REST, GraphQL over HTTP and the WebSocket act as the token’s owner', async () => {
    const { token } = await createToken(vetSession, { scope: 'read' });
    expect(token).toMatch(/^vcpat_[A-Za-z0-9_-]{43}$/);
    const client = bearer(token);

    const cases = await client.get('/api/cases');
    expect(cases.status).toBe(200);
    expect(await client.gql('{ me { id username } }')).toEqual({
      data: { me: { id: vet.id, username: vet.username } },
    });

    const socket = tokenSocket(token);
    await connected(socket.client);
    expect(await runOnSocket(socket.client, '{ me { id } }')).toEqual({ data: { me: { id: vet.id } } });
    // Subscriptions are reads: allowed to a read-only token.
    const events = collect(socket.client, 'subscription { myCasesChanged { uuid } }');
    await sleep(100);
    expect(events.failure).toBeUndefined();
    await socket.client.dispose();
  });

  it('records when a token was last used, at most once a minute', async () => {
    const { token, id } = await createToken(vetSession);
    const db = server.database.db;
    expect((await db.accessToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toBeNull();
    await bearer(token).get('/api/cases');
    await sleep(100);
    const first = (await db.accessToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await bearer(token).get('/api/cases');
    await sleep(100);
    expect((await db.accessToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(first);
    const listed = await vetSession.get('/api/profile/tokens');
    expect(listed.body.tokens.find((t: { id: number }) => t.id === id).lastUsedAt).toBe(first?.toISOString());
  });

  it('the database holds only the hash, never the token', async () => {
    const { token, id } = await createToken(vetSession, { name: 'Never stored' });
    const rows = await server.database.db.$queryRaw<Array<Record<string, unknown>>>`SELECT * FROM access_tokens`;
    const row = rows.find((r) => r.id === id);
    expect(row?.tokenHash).toBe(hashToken(token));
    const secretPart = token.slice('vcpat_'.length);
    for (const stored of rows.flatMap((r) => Object.values(r)).map(String)) {
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(secretPart.slice(6));
    }
    const listed = await vetSession.get('/api/profile/tokens');
    expect(listed.body.tokens.find((t: { id: number }) => t.id === id)).toEqual({
      id,
      name: 'Never stored',
      scope: 'read',
      prefix: token.slice(0, 12),
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });
});

describe('a read-only token', () => {
  it('is refused every REST write with 403 and the same words', async () => {
    const { token, id } = await createToken(vetSession, { scope: 'read' });
    const client = bearer(token);
    const writes = [
      await client.post('/api/consults/drafts', { patientName: 'Luna' }),
      await client.put('/api/profile', { name: 'Renamed' }),
      await client.delete(`/api/profile/tokens/${id}`),
      await client.post('/api/auth/logout'),
    ];
    for (const response of writes) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: READ_ONLY_TOKEN, code: 'READ_ONLY_TOKEN' });
    }
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(0);
    expect((await server.database.db.user.findUniqueOrThrow({ where: { id: vet.id } })).name).toBe(vet.name);
  });

  it('is refused every GraphQL mutation, over HTTP and over the WebSocket', async () => {
    const { token } = await createToken(vetSession, { scope: 'read' });
    const overHttp = await bearer(token).gql(SAVE_DRAFT, { input: { patientName: 'Luna' } });
    expect(overHttp.data ?? null).toBeNull();
    expect(overHttp.errors?.[0]).toMatchObject({ message: READ_ONLY_TOKEN, extensions: { code: 'READ_ONLY_TOKEN' } });

    const socket = tokenSocket(token);
    await connected(socket.client);
    const overSocket = await runOnSocket(socket.client, SAVE_DRAFT, { input: { patientName: 'Luna' } });
    expect(overSocket.errors?.[0]).toMatchObject({ message: READ_ONLY_TOKEN, extensions: { code: 'READ_ONLY_TOKEN' } });
    await socket.client.dispose();
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(0);
  });

  it('a read and write token may write through both doors', async () => {
    const writer = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const { token } = await createToken(await signedInClient(server.url, writer), { scope: 'read_write' });
    const rest = await bearer(token).post('/api/consults/drafts', { patientName: 'Luna' });
    expect(rest.status).toBe(201);
    const gql = await bearer(token).gql(SAVE_DRAFT, { input: { patientName: 'Milo' } });
    expect(gql.errors).toBeUndefined();
    expect(await server.database.db.case.count({ where: { vetId: writer.id } })).toBe(2);
  });
});

describe('revoked and expired tokens', () => {
  it('a revoked token is refused at once on every door, and its open socket is closed', async () => {
    const { token, id } = await createToken(vetSession, { scope: 'read' });
    const socket = tokenSocket(token);
    await connected(socket.client);
    expect((await bearer(token).get('/api/cases')).status).toBe(200);

    expect((await vetSession.delete(`/api/profile/tokens/${id}`)).status).toBe(204);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Access token revoked' });
    const rest = await bearer(token).get('/api/cases');
    expect(rest).toMatchObject({ status: 401, body: { message: INVALID_ACCESS_TOKEN } });
    const gql = await bearer(token).gql('{ me { id } }');
    expect(gql.errors?.[0]).toMatchObject({ message: INVALID_ACCESS_TOKEN, extensions: { code: 'UNAUTHENTICATED' } });
    const again = tokenSocket(token);
    expect(await again.closed).toEqual({ code: 4401, reason: INVALID_ACCESS_TOKEN });
    // Gone from the owner's list.
    const listed = await vetSession.get('/api/profile/tokens');
    expect(listed.body.tokens.map((t: { id: number }) => t.id)).not.toContain(id);
  });

  it('an expired token is refused, and a socket is closed when its token expires', async () => {
    const { token, id } = await createToken(vetSession);
    await server.database.db.accessToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await bearer(token).get('/api/cases')).toMatchObject({
      status: 401,
      body: { message: EXPIRED_ACCESS_TOKEN },
    });

    const soon = await createToken(vetSession);
    await server.database.db.accessToken.update({
      where: { id: soon.id },
      data: { expiresAt: new Date(Date.now() + 1500) },
    });
    const socket = tokenSocket(soon.token);
    await connected(socket.client);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Access token expired' });
    expect((await bearer(soon.token).get('/api/cases')).status).toBe(401);
  });

  it('a token stops with its account', async () => {
    const leaving = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const { token } = await createToken(await signedInClient(server.url, leaving));
    expect((await bearer(token).get('/api/cases')).status).toBe(200);
    await server.database.db.user.delete({ where: { id: leaving.id } });
    expect((await bearer(token).get('/api/cases')).status).toBe(401);

    // A specialist whose approval is withdrawn cannot sign in, nor use their tokens.
    const specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
    const own = await createToken(await signedInClient(server.url, specialist));
    expect((await bearer(own.token).get('/api/cases')).status).toBe(200);
    await server.database.db.user.update({ where: { id: specialist.id }, data: { approved: false } });
    expect((await bearer(own.token).get('/api/cases')).status).toBe(401);
  });

  it('a bad Bearer header is a 401 even beside a valid session cookie (no fallback)', async () => {
    for (const value of ['Bearer vcpat_nope', 'Bearer ', 'Bearer not-a-token']) {
      const response = await vetSession.request('GET', '/api/cases', undefined, { authorization: value });
      expect(response).toMatchObject({ status: 401, body: { message: INVALID_ACCESS_TOKEN } });
    }
    expect((await vetSession.get('/api/cases')).status).toBe(200);
  });
});

describe('cross-site checks', () => {
  const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

  it('still refuse a cookie request from a foreign site, while a token request without cookie passes', async () => {
    const cookieWrite = await vetSession.request('POST', '/api/consults/drafts', { patientName: 'Luna' }, foreign);
    expect(cookieWrite).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    const cookieGql = await vetSession.request('POST', '/graphql', { query: '{ me { id } }' }, foreign);
    expect(cookieGql.status).toBe(403);

    const writer = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const { token } = await createToken(await signedInClient(server.url, writer), { scope: 'read_write' });
    expect((await bearer(token, foreign).post('/api/consults/drafts', { patientName: 'Luna' })).status).toBe(201);
    expect((await bearer(token, foreign).gql('{ me { id } }')).data).toEqual({ me: { id: writer.id } });
  });

  it('a cookie WebSocket from a foreign origin is still refused', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { cookie: vetSession.cookieHeader, origin: 'https://evil.example' },
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    const code = await new Promise<number>((resolve) => socket.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4403);
  });
});

describe('managing tokens', () => {
  it('needs a browser session: a token cannot list, create or revoke tokens, through either door', async () => {
    const { token, id } = await createToken(vetSession, { scope: 'read_write' });
    const client = bearer(token);
    const refused = { message: SESSION_ONLY, code: 'FORBIDDEN' };
    expect(await client.get('/api/profile/tokens')).toMatchObject({ status: 403, body: refused });
    expect(await client.post('/api/profile/tokens', { name: 'Child', scope: 'read' })).toMatchObject({
      status: 403,
      body: refused,
    });
    expect(await client.delete(`/api/profile/tokens/${id}`)).toMatchObject({ status: 403, body: refused });
    const gql = await client.gql('mutation { createAccessToken(input: { name: "Child", scope: read }) { token } }');
    expect(gql.errors?.[0]).toMatchObject({ message: SESSION_ONLY, extensions: { code: 'FORBIDDEN' } });
    const list = await client.gql('{ myAccessTokens { id } }');
    expect(list.errors?.[0]?.message).toBe(SESSION_ONLY);
    // A token cannot change its account's password either.
    const password = await client.post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'another-pass-456',
      confirmPassword: 'another-pass-456',
    });
    expect(password).toMatchObject({ status: 403, body: refused });
    expect(await server.database.db.accessToken.count({ where: { userId: vet.id, name: 'Child' } })).toBe(0);
  });

  it('the session creates through GraphQL too; the secret appears only in that answer', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await vetSession.gql(
      'mutation ($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { token accessToken { id name scope prefix expiresAt } } }',
      { input: { name: 'Nightly export', scope: 'read_write', expiresAt } },
    );
    const { token, accessToken } = created.data.createAccessToken;
    expect(accessToken).toMatchObject({
      name: 'Nightly export',
      scope: 'read_write',
      expiresAt,
      prefix: token.slice(0, 12),
    });
    const mine = await vetSession.gql('{ myAccessTokens { id name } }');
    expect(mine.data.myAccessTokens).toContainEqual({ id: accessToken.id, name: 'Nightly export' });
    expect(JSON.stringify(mine)).not.toContain(token);
    expect((await vetSession.gql(`mutation { revokeAccessToken(id: ${accessToken.id}) }`)).data).toEqual({
      revokeAccessToken: true,
    });
    expect((await bearer(token).get('/api/cases')).status).toBe(401);
  });

  it('refuses bad input with the words of schema/', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ', scope: 'read' }, 'Please give the token a name'],
      [{ name: 'x'.repeat(81), scope: 'read' }, 'A token name can be at most 80 characters'],
      [{ name: 'ok', scope: 'admin' }, 'Choose read only or read and write'],
      [
        { name: 'ok', scope: 'read', expiresAt: new Date(Date.now() - 60_000).toISOString() },
        'The expiry date must be in the future',
      ],
      [
        { name: 'ok', scope: 'read', expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        'A token can be valid for at most one year',
      ],
      [
        { name: 'ok', scope: 'read', expiresAt: 'tomorrow' },
        'The expiry must be a date and time, e.g. 2027-01-31T00:00:00Z',
      ],
    ];
    for (const [input, message] of cases) {
      const response = await vetSession.post('/api/profile/tokens', input);
      expect({ input, status: response.status, message: response.body.message }).toEqual({
        input,
        status: 400,
        message,
      });
    }
    expect((await vetSession.delete('/api/profile/tokens/abc')).status).toBe(400);
  });

  it("an owner cannot revoke someone else's token; the administrator lists and revokes any", async () => {
    const other = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const { token, id } = await createToken(await signedInClient(server.url, other), { name: 'Other’s script' });

    expect((await vetSession.delete(`/api/profile/tokens/${id}`)).status).toBe(404);
    expect(await vetSession.get('/api/admin/tokens')).toMatchObject({
      status: 403,
      body: { message: 'Only the administrator can do this' },
    });
    expect((await vetSession.delete(`/api/admin/tokens/${id}`)).status).toBe(403);
    const vetGql = await vetSession.gql('{ accessTokens { id } }');
    expect(vetGql.errors?.[0]?.message).toBe('Only the administrator can do this');
    expect((await bearer(token).get('/api/cases')).status).toBe(200);

    const listed = await adminSession.get('/api/admin/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.find((t: { id: number }) => t.id === id)).toMatchObject({
      id,
      name: 'Other’s script',
      owner: { id: other.id, username: other.username, role: 'VETERINARIAN' },
    });
    const adminGql = await adminSession.gql('{ accessTokens { id owner { username } } }');
    expect(adminGql.data.accessTokens).toContainEqual({ id, owner: { username: other.username } });

    const socket = tokenSocket(token);
    await connected(socket.client);
    expect((await adminSession.delete(`/api/admin/tokens/${id}`)).status).toBe(204);
    expect((await socket.closed).code).toBe(4401);
    expect((await bearer(token).get('/api/cases')).status).toBe(401);
    expect((await adminSession.delete('/api/admin/tokens/999999')).status).toBe(404);
  });
});

describe('per-token rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: { ...UNLIMITED, token: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => limited.close());

  it('counts each token on its own and answers 429 with Retry-After once over', async () => {
    expect(RATE_LIMITS.token).toEqual({ max: 600, windowMs: 60_000 });
    const owner = await createUser(limited.database.db, { role: 'VETERINARIAN' });
    const session = await signedInClient(limited.url, owner);
    const create = async () =>
      (await session.post('/api/profile/tokens', { name: 'Busy', scope: 'read' })).body.token as string;
    const [busy, calm] = [await create(), await create()];
    const call = (token: string) =>
      new TestClient(limited.url).request('GET', '/api/cases', undefined, { authorization: `Bearer ${token}` });
    for (let i = 0; i < 3; i++) expect((await call(busy)).status).toBe(200);
    const over = await call(busy);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many requests with this access token\. Please try again in 1 minute\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(calm)).status).toBe(200);
    // The same bucket counts the operations of a socket opened with the token.
    const socket = tokenSocket(busy, limited.url);
    await connected(socket.client);
    // Refused before it runs: graphql-ws answers with an `error` message (the operation's errors).
    const overSocket = await runOnSocket(socket.client, '{ me { id } }').then(
      () => null,
      (errors: Array<{ message: string; extensions?: Record<string, unknown> }>) => errors,
    );
    expect(overSocket?.[0]).toMatchObject({
      message: 'Too many requests with this access token. Please try again in 1 minute.',
      extensions: { code: 'RATE_LIMITED' },
    });
    await socket.client.dispose();
    // The session of the same user is not limited by its tokens.
    expect((await session.get('/api/cases')).status).toBe(200);
  });
});
