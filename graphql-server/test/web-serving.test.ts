import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, registerCompression, registerWebClient } from '../src/serve-web';

// What the server sends the browser: the web client's files compressed (the .br/.gz the build writes
// beside them) and cached by kind (fingerprinted files for a year, index.html revalidated), and every
// dynamic text response compressed too. A build's layout in a temporary folder, served as app.ts does.

let dist: string;
let app: FastifyInstance;
const sentAs: string[] = [];
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123_x.js"></script></head><body>${'<!-- -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'vetconsult-dist-'));
  await mkdir(join(dist, 'assets'));
  const files: Record<string, string> = { 'assets/index-AbC123_x.js': script, 'index.html': html };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(dist, name), text);
    await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerCompression(app);
  const items = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `case ${i}` }));
  app.get('/api/big', async () => ({ items }));
  // GraphQL's door: Yoga's handler returns a fetch Response (app.ts), which fastify sends.
  app.post('/graphql', async () => Response.json({ data: { items } }));
  // The Response class Yoga answers with (@whatwg-node's, not Node's own).
  const { Response: YogaResponse } = createYoga({
    schema: createSchema({ typeDefs: 'type Query { a: Int }' }),
  }).fetchAPI;
  app.post('/graphql-yoga', async () => YogaResponse.json({ data: { items } }));
  // What fastify is left to send, after compression's hooks: a string leaves in one write with its length.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url === '/graphql-yoga') sentAs.push(typeof payload === 'string' ? 'string' : String(payload));
    return payload;
  });
  await registerWebClient(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('serving the web client', () => {
  it('sends a fingerprinted asset brotli- or gzip-compressed, cached for a year and immutable', async () => {
    const br = await get('/assets/index-AbC123_x.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbC123_x.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123_x.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html (at / and for client routes) compressed and revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/auth', '/consults/some-case']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });

  it('an unhashed file is revalidated, not cached for a year', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(REVALIDATE);
  });

  it('compresses dynamic JSON above the threshold (REST, and a fetch Response as GraphQL sends)', async () => {
    const response = await get('/api/big', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).items).toHaveLength(200);
    const gz = await get('/api/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const graphql = await app.inject({ method: 'POST', url: '/graphql', headers: { 'accept-encoding': 'br' } });
    expect(graphql.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(graphql.rawPayload).toString()).data.items).toHaveLength(200);
  });

  it("sends Yoga's whole JSON answer as one body with its length when no compression is asked (issue 17)", async () => {
    sentAs.length = 0;
    const response = await app.inject({ method: 'POST', url: '/graphql-yoga' });
    // Not the Response itself, whose body fastify would stream: a promise per chunk, a write more for its end.
    expect(sentAs).toEqual(['string']);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().data.items).toHaveLength(200);
    const compressed = await app.inject({
      method: 'POST',
      url: '/graphql-yoga',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString()).data.items).toHaveLength(200);
  });

  it('an unknown /api/ path is still a JSON 404, not the web client', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
