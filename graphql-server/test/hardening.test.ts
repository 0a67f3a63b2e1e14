import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/http/security';
import { createCase, multipart, PNG } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient, TEST_PASSWORD } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// HTTP hardening: security headers and CSP, the Origin check on cookie-authenticated writes (REST,
// GraphQL, WebSocket), per-IP rate limits shared by REST and GraphQL, request ids, /metrics, and
// hostile upload names on download.

let server: TestServer;
let limited: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  limited = await startTestServer({
    rateLimits: {
      auth: { max: 3, windowMs: 60_000 },
      reset: { max: 2, windowMs: 60_000 },
      upload: { max: 2, windowMs: 60_000 },
      message: { max: 2, windowMs: 60_000 },
      token: { max: 1_000_000, windowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
});

const EVIL = 'https://evil.example';

describe('security headers', () => {
  it('every response carries the CSP and the usual helmet headers', async () => {
    for (const path of ['/healthz', '/api/auth/check', '/graphql']) {
      const response = await fetch(server.url + path, { method: path === '/graphql' ? 'POST' : 'GET' });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+ https:\/\/api\.stripe\.com/);
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests'); // plain http here
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('over https: wss in connect-src and upgrade-insecure-requests', () => {
    const { directives } = contentSecurityPolicy('https://vetconsult.example', []);
    expect(directives.connectSrc).toContain('wss://vetconsult.example');
    expect(directives).toHaveProperty('upgradeInsecureRequests');
  });

  it('the inline theme script of index.html is allowed by its hash, nothing else inline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csp-'));
    const html = join(dir, 'index.html');
    await writeFile(html, '<script>let a = 1;</script><script type="module" src="/x.js"></script>');
    expect(inlineScriptHashes(html)).toEqual(["'sha256-xY6QKfH9PRsQnLz56nj6MBwiK5oHg+im1Jkpdp1x/Ck='"]);
    expect(inlineScriptHashes(join(dir, 'missing.html'))).toEqual([]);
  });
});

describe('Origin check on cookie-authenticated writes', () => {
  it('REST: a cross-site POST/PUT/DELETE is refused and changes nothing; same-origin and non-browser pass', async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, vet);
    const draft = { patientName: 'Rex' };
    const evil = await client.request('POST', '/api/consults/drafts', JSON.stringify(draft), { origin: EVIL });
    expect(evil.status).toBe(403);
    expect(evil.body.message).toBe('Cross-site request refused');
    const fetchMeta = await client.request('POST', '/api/consults/drafts', JSON.stringify(draft), {
      'sec-fetch-site': 'cross-site',
    });
    expect(fetchMeta.status).toBe(403);
    const nullOrigin = await client.request('POST', '/api/auth/logout', undefined, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(0);

    const sameOrigin = await client.request('POST', '/api/consults/drafts', JSON.stringify(draft), {
      origin: server.url,
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(201);
    const publicOrigin = await client.request('POST', '/api/consults/drafts', JSON.stringify(draft), {
      origin: server.config.publicUrl,
    });
    expect(publicOrigin.status).toBe(201);
    expect((await client.post('/api/consults/drafts', draft)).status).toBe(201); // no Origin: not a browser
    const deleted = await client.request('DELETE', `/api/consults/drafts/${sameOrigin.body.uuid}`, undefined, {
      origin: EVIL,
    });
    expect(deleted.status).toBe(403);
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(3);
    // Reads are not writes.
    expect((await client.request('GET', '/api/consults/drafts', undefined, { origin: EVIL })).status).toBe(200);
  });

  it('the Stripe webhook is exempt (it is authenticated by its signature)', async () => {
    const response = await fetch(`${server.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json', 'stripe-signature': 'nope' },
      body: '{}',
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });

  it('GraphQL over HTTP: a cross-site mutation is refused in GraphQL shape', async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, vet);
    const response = await client.request(
      'POST',
      '/graphql',
      JSON.stringify({ query: 'mutation { saveDraft(input: { patientName: "Rex" }) { uuid } }' }),
      { origin: EVIL },
    );
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await server.database.db.case.count({ where: { vetId: vet.id } })).toBe(0);
  });

  it('WebSocket: a socket opened from another site is closed with 4403; our own origin connects', async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, vet);
    const open = (origin: string) =>
      new Promise<number | 'connected'>((resolve) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
          headers: { cookie: client.cookieHeader, origin },
        });
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
        socket.on('message', (data) => {
          if (JSON.parse(String(data)).type === 'connection_ack') {
            resolve('connected');
            socket.close();
          }
        });
        socket.on('close', (code) => resolve(code));
      });
    expect(await open(EVIL)).toBe(4403);
    expect(await open(server.url)).toBe(4403); // the Host's origin is not PUBLIC_URL's
    expect(await open(server.config.publicUrl)).toBe('connected');
  });
});

describe('rate limits (per IP, REST and GraphQL share the buckets)', () => {
  it('reset requests: 2 per window over REST and GraphQL together, then 429 with Retry-After', async () => {
    const client = new TestClient(limited.url);
    const rest = () => client.post('/api/password-reset-request', { email: 'nobody@example.com' });
    expect((await rest()).status).toBe(200);
    expect((await client.gql('mutation { requestPasswordReset(email: "nobody@example.com") }')).data).toEqual({
      requestPasswordReset: true,
    });
    const blocked = await rest();
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const graphql = await client.gql('mutation { requestPasswordReset(email: "nobody@example.com") }');
    expect(graphql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // Other buckets are untouched.
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });

  it('login is not limited here (the auth service has its own rule); registration is', async () => {
    const user = await createUser(limited.database.db, { role: 'VETERINARIAN' });
    for (let i = 0; i < 5; i++) {
      const login = await new TestClient(limited.url).post('/api/auth/login', {
        username: user.username,
        password: TEST_PASSWORD,
      });
      expect(login.status).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await new TestClient(limited.url).post('/api/auth/register', {})).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('uploads: the third multipart upload in the window is refused before its body is read', async () => {
    const vet = await createUser(limited.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(limited.url, vet);
    const photo = (bytes = PNG) =>
      multipart({ name: 'Dr. Photo', email: vet.email }, [{ name: 'me.png', bytes }], 'profilePhoto');
    expect((await client.put('/api/profile', photo())).status).toBe(200);
    expect((await client.put('/api/profile', photo())).status).toBe(200);
    const third = await client.put('/api/profile', photo(Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)])));
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    // The unread 8 MB body is not drained over a kept-alive connection: the server closes it.
    expect(third.headers.get('connection')).toBe('close');
    // Another client IP would not be affected; the same client is still refused on other upload paths.
    expect((await client.post('/api/cases', multipart({ patientName: 'X' }))).status).toBe(429);
  });
});

describe('request ids and metrics', () => {
  it('every response has an id; a sane X-Request-Id from the proxy is kept, a bad one replaced', async () => {
    const plain = await fetch(`${server.url}/healthz`);
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'edge-1234.abc' } });
    expect(given.headers.get('x-request-id')).toBe('edge-1234.abc');
    const bad = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b\tc<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/metrics counts HTTP requests by route, GraphQL operations by name, live subscriptions and event latency', async () => {
    const metric = async (pattern: RegExp) => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return Number(text.match(pattern)?.[1] ?? 0);
    };
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, vet);
    const healthBefore = await metric(/http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/);
    await fetch(`${server.url}/healthz`);
    await client.gql('query HardeningMe { me { id } }');
    expect(await metric(/http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/)).toBe(
      healthBefore + 1,
    );
    expect(await metric(/graphql_operations_total\{name="HardeningMe",type="query",result="ok"\} (\d+)/)).toBe(1);

    const draft = await client.post('/api/consults/drafts', { patientName: 'Rex' });
    const events = await metric(/event_delivery_seconds_count\{topic="draft.saved"\} (\d+)/);
    const subscriptionsBefore = await metric(/^graphql_active_subscriptions (\d+)/m);
    const socket = wsClient(server.url, client.cookieHeader);
    await connected(socket);
    const changes = collect(
      socket,
      `subscription HardeningDraft { draftChanged(uuid: "${draft.body.uuid}") { uuid version } }`,
    );
    await expect.poll(() => metric(/^graphql_active_subscriptions (\d+)/m)).toBe(subscriptionsBefore + 1);
    await client.put(`/api/consults/drafts/${draft.body.uuid}`, { patientName: 'Rex II', version: draft.body.version });
    await changes.next();
    expect(await metric(/event_delivery_seconds_count\{topic="draft.saved"\} (\d+)/)).toBeGreaterThan(events);
    await socket.dispose();
    await expect.poll(() => metric(/^graphql_active_subscriptions (\d+)/m)).toBe(subscriptionsBefore);
  });
});

describe('hostile file names on download', () => {
  it('a name with quotes, CR/LF, path and unicode is stored sanitised and sent as a safe attachment', async () => {
    const db = server.database.db;
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
    const client = await signedInClient(server.url, vet);
    const name = '../../etc/"evil"\r\nSet-Cookie: x=1;Röntgen.png';
    const added = await client.post(`/api/cases/${kase.uuid}/files`, multipart({}, [{ name, bytes: PNG }]));
    expect(added.status).toBe(201);
    const stored = added.body[0];
    expect(stored.filename).not.toMatch(/[/\\"\r\n]/);
    const response = await fetch(server.url + stored.url, { headers: { cookie: client.cookieHeader } });
    expect(response.status).toBe(200);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('image/png'); // sniffed type, not the client's
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
