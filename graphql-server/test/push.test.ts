import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_ENDPOINT_INVALID, PUSH_KEY_INVALID } from '@vetconsult/schema/push';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_TOKEN } from '../src/domain/actor';
import { PUSH_TTL_SECONDS } from '../src/domain/notifications/push';
import type { User } from '../src/generated/prisma/client';
import { loadVapidKeys } from '../src/lib/vapid-keys';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 14, browser push, server side, end to end: a browser's subscription registered through both
// doors; a push sent to a local HTTP endpoint standing in for the push service, which decrypts the body
// as the browser would (RFC 8291 aes128gcm, with the http_ece package) and checks the VAPID signature
// (RFC 8292) against the public key the server handed out; 404/410 remove the subscription; a read-only
// token cannot register; the key pair is generated once into the data folder and reused.

/** What the stand-in push service received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service: records every POST and answers with the status set for its path (201 by default). */
async function startPushService() {
  const received: Received[] = [];
  const statusByPath = new Map<string, number>();
  const httpServer: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = statusByPath.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    answer: (path: string, status: number) => statusByPath.set(path, status),
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as pushManager.subscribe makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

function decryptPush(body: Buffer, browser: { ecdh: ECDH; authSecret: Buffer }): unknown {
  const plain = decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret });
  return JSON.parse(plain.toString('utf8'));
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): signed by `publicKey`, for the endpoint's origin. */
function expectVapidSignature(authorization: string | undefined, publicKey: string, endpoint: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt = '', key = ''] = match ?? [];
  expect(key).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  expect(payload.aud).toBe(new URL(endpoint).origin);
  expect(payload.sub).toMatch(/^mailto:|^https:/);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
}

let server: TestServer;
let push: Awaited<ReturnType<typeof startPushService>>;
let vet: User;
let specialist: User;
let vetSession: TestClient;
let specialistSession: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  push = await startPushService();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
  vetSession = await signedInClient(server.url, vet);
  specialistSession = await signedInClient(server.url, specialist);
});
afterAll(async () => {
  await push?.close();
  await server?.close();
});

const registerMutation = 'mutation ($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }';
const registeredQuery = 'query ($endpoint: String!) { pushSubscriptionRegistered(endpoint: $endpoint) }';
const unregisterMutation = 'mutation ($endpoint: String!) { unregisterPushSubscription(endpoint: $endpoint) }';

const message = {
  title: 'New case assigned',
  body: 'Bella (canine, 7 y) — “Intermittent cough, grade III murmur” is waiting for you.',
  url: 'https://vetconsult.example/specialist/case/3f2a1c9e-0000-4000-8000-000000000001',
  tag: 'case-3f2a1c9e-0000-4000-8000-000000000001',
};

describe('the VAPID key', () => {
  it('is the same through both doors and is a P-256 public key', async () => {
    const rest = await vetSession.get('/api/profile/push-key');
    expect(rest.status).toBe(200);
    const gql = await vetSession.gql('{ pushPublicKey }');
    expect(gql.data?.pushPublicKey).toBe(rest.body.publicKey);
    const point = Buffer.from(rest.body.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('is generated once into the data folder (owner-readable only) and reused; configured keys win', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-vapid-'));
    try {
      const keyFile = join(dataDir, 'keys', 'vapid-keys.json');
      const source = { publicKey: undefined, privateKey: undefined, subject: 'mailto:ops@example.com', keyFile };
      const first = await loadVapidKeys(source);
      const again = await loadVapidKeys(source);
      expect(again).toEqual(first);
      expect(JSON.parse(await readFile(keyFile, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const configured = await loadVapidKeys({ ...source, publicKey: 'BPub', privateKey: 'priv' });
      expect(configured).toEqual({ publicKey: 'BPub', privateKey: 'priv', subject: 'mailto:ops@example.com' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('survives a restart: a server whose data folder holds the pair hands out that key', async () => {
    const before = (await vetSession.get('/api/profile/push-key')).body.publicKey;
    const keyFile = join(server.dataDir, 'vapid-keys.json');
    expect(JSON.parse(await readFile(keyFile, 'utf8')).publicKey).toBe(before);
    const restarted = await startTestServer();
    try {
      await copyFile(keyFile, join(restarted.dataDir, 'vapid-keys.json'));
      const session = await signedInClient(restarted.url, vet);
      expect((await session.get('/api/profile/push-key')).body.publicKey).toBe(before);
    } finally {
      await restarted.close();
    }
  });

  it('is for signed-in people only', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/profile/push-key')).status).toBe(401);
  });
});

describe('sending a push', () => {
  it('reaches every browser of the recipient, encrypted for each, signed with the VAPID key', async () => {
    const laptop = browserKeys();
    const phone = browserKeys();
    const laptopEndpoint = push.url(`/push/laptop-${vet.id}`);
    const phoneEndpoint = push.url(`/push/phone-${vet.id}`);
    // One browser through REST, the other through GraphQL.
    const rest = await vetSession.post('/api/profile/push-subscriptions', {
      endpoint: laptopEndpoint,
      keys: laptop.keys,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(204);
    const gql = await vetSession.gql(registerMutation, { input: { endpoint: phoneEndpoint, keys: phone.keys } });
    expect(gql).toEqual({ data: { registerPushSubscription: true } });
    // Another user's browser is not sent to.
    const other = browserKeys();
    await specialistSession.post('/api/profile/push-subscriptions', {
      endpoint: push.url(`/push/other-${specialist.id}`),
      keys: other.keys,
    });

    const before = push.received.length;
    const result = await server.services.push.send(vet.id, message);
    expect(result).toEqual({ delivered: 2, removed: 0 });
    const requests = push.received.slice(before);
    expect(requests.map((r) => r.path).sort()).toEqual([`/push/laptop-${vet.id}`, `/push/phone-${vet.id}`]);

    const publicKey = (await vetSession.get('/api/profile/push-key')).body.publicKey;
    for (const request of requests) {
      const browser = request.path.includes('laptop') ? laptop : phone;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(decryptPush(request.body, browser)).toEqual(message);
      expectVapidSignature(request.headers.authorization, publicKey, push.url('/'));
      // The other browser's keys cannot read it.
      expect(() => decryptPush(request.body, other)).toThrow();
    }
    const row = await server.database.db.pushSubscription.findUniqueOrThrow({ where: { endpoint: laptopEndpoint } });
    expect(row.userAgent).toBeTruthy(); // node's fetch names itself: the row says which browser it is
  });

  it('removes a subscription the push service says is gone (410, 404) and keeps one that failed otherwise', async () => {
    const user = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
    const session = await signedInClient(server.url, user);
    const paths = { gone: `/push/gone-${user.id}`, missing: `/push/missing-${user.id}`, busy: `/push/busy-${user.id}` };
    push.answer(paths.gone, 410);
    push.answer(paths.missing, 404);
    push.answer(paths.busy, 503);
    for (const path of Object.values(paths)) {
      const response = await session.post('/api/profile/push-subscriptions', {
        endpoint: push.url(path),
        keys: browserKeys().keys,
      });
      expect(response.status).toBe(204);
    }
    expect(await server.services.push.send(user.id, message)).toEqual({ delivered: 0, removed: 2 });
    const left = await server.database.db.pushSubscription.findMany({ where: { userId: user.id } });
    expect(left.map((s) => s.endpoint)).toEqual([push.url(paths.busy)]);
    // The browser asking afterwards learns its subscription no longer reaches anyone.
    const asked = await session.get(
      `/api/profile/push-subscriptions?endpoint=${encodeURIComponent(push.url(paths.gone))}`,
    );
    expect(asked.body).toEqual({ registered: false });
  });

  it('sends nothing to a user without a browser', async () => {
    const before = push.received.length;
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    expect(await server.services.push.send(user.id, message)).toEqual({ delivered: 0, removed: 0 });
    expect(push.received.length).toBe(before);
  });

  it('cuts a very long body so the payload fits a push', async () => {
    const browser = browserKeys();
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const session = await signedInClient(server.url, user);
    const endpoint = push.url(`/push/long-${user.id}`);
    await session.post('/api/profile/push-subscriptions', { endpoint, keys: browser.keys });
    const before = push.received.length;
    expect(await server.services.push.send(user.id, { ...message, body: 'x'.repeat(5000) })).toEqual({
      delivered: 1,
      removed: 0,
    });
    const payload = decryptPush(push.received[before]?.body ?? Buffer.alloc(0), browser) as { body: string };
    expect(payload.body.length).toBeLessThan(1000);
    expect(payload.body.endsWith('…')).toBe(true);
  });
});

describe('registering a browser', () => {
  it('is stored once per endpoint; a second account on the same browser takes it over', async () => {
    const endpoint = push.url(`/push/shared-${vet.id}`);
    const first = browserKeys();
    await vetSession.post('/api/profile/push-subscriptions', { endpoint, keys: first.keys });
    const renewed = browserKeys();
    await vetSession.post('/api/profile/push-subscriptions', { endpoint, keys: renewed.keys });
    let rows = await server.database.db.pushSubscription.findMany({ where: { endpoint } });
    expect(rows.map((r) => [r.userId, r.p256dh])).toEqual([[vet.id, renewed.keys.p256dh]]);

    expect(await specialistSession.gql(registerMutation, { input: { endpoint, keys: renewed.keys } })).toEqual({
      data: { registerPushSubscription: true },
    });
    rows = await server.database.db.pushSubscription.findMany({ where: { endpoint } });
    expect(rows.map((r) => r.userId)).toEqual([specialist.id]);
    expect((await vetSession.gql(registeredQuery, { endpoint })).data).toEqual({ pushSubscriptionRegistered: false });
    expect((await specialistSession.gql(registeredQuery, { endpoint })).data).toEqual({
      pushSubscriptionRegistered: true,
    });
  });

  it('unregisters only the caller’s own subscription, through both doors', async () => {
    const endpoint = push.url(`/push/off-${vet.id}`);
    await vetSession.post('/api/profile/push-subscriptions', { endpoint, keys: browserKeys().keys });
    const query = `?endpoint=${encodeURIComponent(endpoint)}`;
    // Someone else cannot switch it off.
    expect((await specialistSession.delete(`/api/profile/push-subscriptions${query}`)).body).toEqual({
      removed: false,
    });
    expect((await specialistSession.gql(unregisterMutation, { endpoint })).data).toEqual({
      unregisterPushSubscription: false,
    });
    expect(await server.database.db.pushSubscription.count({ where: { endpoint } })).toBe(1);

    expect((await vetSession.get(`/api/profile/push-subscriptions${query}`)).body).toEqual({ registered: true });
    expect((await vetSession.gql(unregisterMutation, { endpoint })).data).toEqual({ unregisterPushSubscription: true });
    expect(await server.database.db.pushSubscription.count({ where: { endpoint } })).toBe(0);
    expect((await vetSession.delete(`/api/profile/push-subscriptions${query}`)).body).toEqual({ removed: false });
  });

  it('refuses a subscription that is not one, with the same words through both doors', async () => {
    const good = { endpoint: push.url(`/push/bad-${vet.id}`), keys: browserKeys().keys };
    const cases: Array<[unknown, string]> = [
      [{ ...good, keys: { ...good.keys, p256dh: 'not-a-key' } }, PUSH_KEY_INVALID],
      [{ ...good, endpoint: 'ftp://127.0.0.1/push' }, PUSH_ENDPOINT_INVALID],
      [{ ...good, endpoint: 'http://push.example.com/x' }, PUSH_ENDPOINT_INVALID],
      [{ ...good, endpoint: 'http://10.0.0.5/metadata' }, PUSH_ENDPOINT_INVALID],
    ];
    for (const [input, expected] of cases) {
      const rest = await vetSession.post('/api/profile/push-subscriptions', input);
      expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 400, message: expected });
      const gql = await vetSession.gql(registerMutation, { input });
      expect(gql.errors?.[0]?.message).toBe(expected);
      expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(
      await server.database.db.pushSubscription.count({ where: { userId: vet.id, endpoint: { contains: 'bad' } } }),
    ).toBe(0);
  });

  it('is refused to a read-only access token, through both doors', async () => {
    const created = await vetSession.post('/api/profile/tokens', { name: 'Read script', scope: 'read' });
    expect(created.status).toBe(201);
    const auth = { authorization: `Bearer ${created.body.token}` };
    const client = new TestClient(server.url);
    const endpoint = push.url(`/push/token-${vet.id}`);
    const input = { endpoint, keys: browserKeys().keys };

    const rest = await client.request('POST', '/api/profile/push-subscriptions', input, auth);
    expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 403, message: READ_ONLY_TOKEN });
    const gql = await client.request('POST', '/graphql', { query: registerMutation, variables: { input } }, auth);
    expect(gql.body.errors?.[0]?.message).toBe(READ_ONLY_TOKEN);
    expect(await server.database.db.pushSubscription.count({ where: { endpoint } })).toBe(0);
    // Reading the key is not a write: the token may.
    expect((await client.request('GET', '/api/profile/push-key', undefined, auth)).status).toBe(200);
  });
});
