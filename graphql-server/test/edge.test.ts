import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { type Client, createClient } from 'graphql-ws';
import { createGraphQLError, createSchema } from 'graphql-yoga';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Context } from '../src/context';
import { createYogaServer, SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY } from '../src/graphql/yoga';
import { forbidden } from '../src/lib/errors';
import { createCase } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Issue 21, the edge: whose X-Forwarded-For is believed (both doors alike), subscriptions only over the
// WebSocket, uploads refused before their body is read, the Origin check against PUBLIC_URL only,
// /metrics not public in production, and client errors not logged as server errors.

const RESET_LIMIT = { max: 2, windowMs: 60_000 };
const LIMITS = {
  auth: { max: 1000, windowMs: 60_000 },
  reset: RESET_LIMIT,
  upload: { max: 1000, windowMs: 60_000 },
  message: { max: 1000, windowMs: 60_000 },
  token: { max: 1000, windowMs: 60_000 },
};

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  direct = await startTestServer({ rateLimits: LIMITS });
  proxied = await startTestServer({ rateLimits: LIMITS, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const resetRequest = (server: TestServer, forwardedFor: string) =>
  new TestClient(server.url).request(
    'POST',
    '/api/password-reset-request',
    JSON.stringify({ email: 'nobody@example.com' }),
    { 'x-forwarded-for': forwardedFor },
  );

/** A graphql-ws client whose upgrade request carries the given headers (as a proxy would add them). */
function socketWith(server: TestServer, headers: Record<string, string>): Client {
  class HeaderWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: `${server.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: HeaderWebSocket,
    retryAttempts: 0,
  });
}

function runOnce(
  client: Client,
  query: string,
): Promise<{ data?: unknown; errors?: Array<{ extensions?: { code?: string } }> }> {
  return new Promise((resolve, reject) => {
    let result: unknown;
    client.subscribe({ query }, { next: (r) => (result = r), error: reject, complete: () => resolve(result as never) });
  });
}

describe('TRUST_PROXY: X-Forwarded-For is believed only from configured proxies, on both doors', () => {
  it('off by default: a rotating X-Forwarded-For does not escape the per-IP limit', async () => {
    const statuses = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) statuses.push((await resetRequest(direct, ip)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('from a trusted proxy (127.0.0.1) the header names the client: each client has its own bucket', async () => {
    expect((await resetRequest(proxied, '10.1.0.1')).status).toBe(200);
    expect((await resetRequest(proxied, '10.1.0.1')).status).toBe(200);
    expect((await resetRequest(proxied, '10.1.0.1')).status).toBe(429);
    expect((await resetRequest(proxied, '10.1.0.2')).status).toBe(200);
  });

  it('the WebSocket derives the same client address as HTTP (same bucket, same rule)', async () => {
    expect((await resetRequest(proxied, '10.2.0.1')).status).toBe(200);
    expect((await resetRequest(proxied, '10.2.0.1')).status).toBe(200);
    const mutation = 'mutation { requestPasswordReset(email: "nobody@example.com") }';
    const sameClient = socketWith(proxied, { 'x-forwarded-for': '10.2.0.1' });
    const otherClient = socketWith(proxied, { 'x-forwarded-for': '10.2.0.2' });
    try {
      expect((await runOnce(sameClient, mutation)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect((await runOnce(otherClient, mutation)).data).toEqual({ requestPasswordReset: true });
    } finally {
      await sameClient.dispose();
      await otherClient.dispose();
    }
    // Without a trusted proxy the socket's own address counts, whatever the header says.
    expect((await resetRequest(direct, '10.3.0.1')).status).toBe(429); // 127.0.0.1 used its 2 above
    const spoofing = socketWith(direct, { 'x-forwarded-for': '10.3.0.9' });
    try {
      expect((await runOnce(spoofing, mutation)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await spoofing.dispose();
    }
  });
});

describe('subscriptions are served over the WebSocket only', () => {
  it('a subscription over HTTP (SSE or plain) is refused with 400; queries over SSE still work', async () => {
    const vet = await createUser(direct.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(direct.url, vet);
    const abort = new AbortController();
    const sse = await fetch(`${direct.url}/graphql`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { myCasesChanged { uuid } }' }),
      signal: abort.signal,
    });
    const status = sse.status;
    const text = status === 200 ? '' : await sse.text();
    abort.abort();
    expect(status).toBe(400);
    expect(text).toContain(SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY);
    const get = await fetch(
      `${direct.url}/graphql?query=${encodeURIComponent('subscription Named { myCasesChanged { uuid } }')}`,
      { headers: { cookie: client.cookieHeader, accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' } },
    );
    expect(get.status).toBe(400);
    await get.body?.cancel();
    const plain = await client.gql('subscription { myCasesChanged { uuid } }');
    expect(plain.errors?.[0]?.message).toBe(SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY);
    const query = await fetch(`${direct.url}/graphql`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(query.status).toBe(200);
    expect(await query.text()).toContain(`"id":${vet.id}`);
  });

  it('the WebSocket still serves them, and closes with 4401 at sign-out', async () => {
    const vet = await createUser(direct.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(direct.url, vet);
    const socket = wsClient(direct.url, client.cookieHeader);
    await connected(socket);
    const closed = new Promise<number>((resolve) =>
      socket.on('closed', (event) => resolve((event as { code: number }).code)),
    );
    const draft = await client.post('/api/consults/drafts', { patientName: 'Rex' });
    expect(draft.status).toBe(201);
    const changes = collect(socket, `subscription { draftChanged(uuid: "${draft.body.uuid}") { uuid version } }`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.put(`/api/consults/drafts/${draft.body.uuid}`, { patientName: 'Rex II', version: draft.body.version });
    await changes.next();
    await client.post('/api/auth/logout');
    expect(await closed).toBe(4401);
  });
});

/**
 * Sends a multipart body of `totalBytes` slowly (64 KB chunks) and reports whether the answer came
 * while the client still had most of the body to send.
 */
function slowUpload(url: string, path: string, method: string, cookie: string | undefined, totalBytes: number) {
  return new Promise<{ status: number; sentBytes: number; body: string }>((resolve, reject) => {
    const target = new URL(path, url);
    const boundary = 'edge-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const request = httpRequest(target, {
      method,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(totalBytes),
        ...(cookie ? { cookie } : {}),
      },
    });
    let sent = 0;
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, sentBytes: sent, body: Buffer.concat(chunks).toString() });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.write(head);
    sent += head.length;
    const chunk = Buffer.alloc(64 * 1024);
    const pump = () => {
      if (answered || sent >= totalBytes) return;
      request.write(chunk.subarray(0, Math.min(chunk.length, totalBytes - sent)));
      sent += Math.min(chunk.length, totalBytes - sent);
      setTimeout(pump, 5); // about 13 MB/s at most: a 30 MB body takes over 2 s to send
    };
    // The first part goes at once; the rest only after a second, so that a server which refuses without
    // reading has answered (and closed) before more is sent, and one that reads the body waits for all of it.
    request.write(chunk);
    sent += chunk.length;
    setTimeout(pump, 1000);
    setTimeout(() => {
      if (!answered) {
        request.destroy();
        reject(new Error(`no answer after sending ${sent} of ${totalBytes} bytes`));
      }
    }, 10_000);
  });
}

describe('uploads are authenticated and authorised before their body is read', () => {
  const THIRTY_MB = 30 * 1024 * 1024;

  it('without a cookie, every multipart route answers 401 while the 30 MB body is still being sent', async () => {
    const kase = await createCase(direct.database.db, {
      vetId: (await createUser(direct.database.db, { role: 'VETERINARIAN' })).id,
      status: 'accepted',
    });
    const routes: Array<[string, string]> = [
      ['POST', `/api/cases/${kase.uuid}/files`],
      ['POST', `/api/cases/${kase.uuid}/review`],
      ['POST', '/api/cases'],
      ['POST', '/api/cases/revisit'],
      ['POST', '/api/consults/drafts'],
      ['PUT', `/api/consults/drafts/${kase.uuid}`],
      ['PUT', '/api/profile'],
      ['POST', '/api/payment/create-payment-intent'],
    ];
    for (const [method, path] of routes) {
      const answer = await slowUpload(direct.url, path, method, undefined, THIRTY_MB);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(JSON.parse(answer.body).message).toBe('Not authenticated');
      expect(answer.sentBytes, `${method} ${path}`).toBeLessThan(THIRTY_MB / 2);
    }
  }, 60_000);

  it('signed in but not allowed on that case (or no such case): 403/404 before the body is read', async () => {
    const db = direct.database.db;
    const owner = await createUser(db, { role: 'VETERINARIAN' });
    const stranger = await signedInClient(direct.url, await createUser(db, { role: 'VETERINARIAN' }));
    const kase = await createCase(db, { vetId: owner.id, status: 'accepted' });
    const files = await slowUpload(
      direct.url,
      `/api/cases/${kase.uuid}/files`,
      'POST',
      stranger.cookieHeader,
      THIRTY_MB,
    );
    expect(files.status).toBe(403);
    expect(files.sentBytes).toBeLessThan(THIRTY_MB / 2);
    const review = await slowUpload(
      direct.url,
      `/api/cases/${kase.uuid}/review`,
      'POST',
      stranger.cookieHeader,
      THIRTY_MB,
    );
    expect(review.status).toBe(403);
    expect(review.sentBytes).toBeLessThan(THIRTY_MB / 2);
    const missing = await slowUpload(
      direct.url,
      '/api/cases/00000000-0000-4000-8000-000000000000/files',
      'POST',
      stranger.cookieHeader,
      THIRTY_MB,
    );
    expect(missing.status).toBe(404);
    expect(missing.sentBytes).toBeLessThan(THIRTY_MB / 2);
  }, 60_000);
});

describe('the Origin check compares with PUBLIC_URL only', () => {
  it('REST and GraphQL: an Origin equal to X-Forwarded-Host (or Host) is still cross-site', async () => {
    for (const server of [direct, proxied]) {
      const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
      const client = await signedInClient(server.url, vet);
      const forged = await client.request('POST', '/api/consults/drafts', JSON.stringify({ patientName: 'Rex' }), {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      });
      expect(forged.status).toBe(403);
      const hostOrigin = await client.request('POST', '/api/consults/drafts', JSON.stringify({ patientName: 'Rex' }), {
        origin: server.url, // the Host header's origin, which is not PUBLIC_URL's
      });
      expect(hostOrigin.status).toBe(403);
      const publicOrigin = await client.request(
        'POST',
        '/api/consults/drafts',
        JSON.stringify({ patientName: 'Rex' }),
        {
          origin: server.config.publicUrl,
        },
      );
      expect(publicOrigin.status).toBe(201);
    }
  });

  it('WebSocket: an Origin equal to X-Forwarded-Host is refused with 4403', async () => {
    const vet = await createUser(proxied.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(proxied.url, vet);
    const open = (headers: Record<string, string>) =>
      new Promise<number | 'connected'>((resolve) => {
        const socket = new WebSocket(`${proxied.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
          headers: { cookie: client.cookieHeader, ...headers },
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
    expect(await open({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).toBe(4403);
    expect(await open({ origin: proxied.config.publicUrl })).toBe('connected');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('/metrics is not public in production', () => {
  it('production without METRICS_PORT or METRICS_TOKEN: not served on the app port', async () => {
    const server = await startTestServer({ metrics: { port: undefined, token: undefined, openOnAppPort: false } });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('METRICS_TOKEN: the app port serves /metrics to the bearer of the token only', async () => {
    const token = 'metrics-token-0123456789';
    const server = await startTestServer({ metrics: { port: undefined, token, openOnAppPort: false } });
    try {
      const anonymous = await fetch(`${server.url}/metrics`);
      expect(anonymous.status).toBe(401);
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const scraper = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(scraper.status).toBe(200);
      expect(await scraper.text()).toContain('http_requests_total');
    } finally {
      await server.close();
    }
  });

  it('METRICS_PORT: served on its own port, not on the app port', async () => {
    const port = await freePort();
    const server = await startTestServer({ metrics: { port, token: undefined, openOnAppPort: false } });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/api/auth/check`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('client errors are not logged as server errors', () => {
  it('a FORBIDDEN or rate-limited GraphQL error is logged at info; an internal one at error', async () => {
    const lines: Array<{ level: number; msg?: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const yoga = createYogaServer({
      schema: createSchema({
        typeDefs: 'type Query { denied: Int, limited: Int, broken: Int }',
        resolvers: {
          Query: {
            denied: () => {
              throw forbidden('You do not have permission to view this case');
            },
            limited: () => {
              throw createGraphQLError('Slow down', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
            },
            broken: () => {
              throw new Error('database exploded');
            },
          },
        },
      }),
      logger,
      graphiql: false,
      isProduction: true,
      context: async () => ({ request: { ip: '127.0.0.1', userAgent: undefined } }) as unknown as Context,
    });
    const run = async (query: string) => {
      const before = lines.length;
      await yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return lines.slice(before);
    };
    const denied = await run('{ denied }');
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((line) => line.level < 50)).toBe(true);
    expect(denied.some((line) => line.level === 30 && line.msg === 'graphql client error')).toBe(true);
    expect((await run('{ limited }')).every((line) => line.level < 50)).toBe(true);
    expect((await run('{ broken }')).some((line) => line.level === 50)).toBe(true);
  });
});
