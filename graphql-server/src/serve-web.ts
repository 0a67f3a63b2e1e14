import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// How the server sends bytes to browsers: compressed, and cached by kind.
// - Every text response above 1 KB is compressed (brotli, else gzip) by @fastify/compress; the web
//   client's files are compressed once at build time (web/precompress-plugin.ts) and sent as they are.
// - Vite's fingerprinted files (/assets/name-<hash>.js) never change under their name: cached for a year
//   and `immutable`, so a reload revalidates nothing. index.html (and any unhashed file) is `no-cache`:
//   revalidated every time (ETag), so a deploy is seen at the next load.

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite writes hashed names under /assets: `index-B2x9_kLq.js`, `auth-DgR1aZ0e.css`. */
const FINGERPRINTED = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;

/**
 * Whole bodies Yoga answers with (JSON results, GraphiQL's HTML): read so that they can be compressed.
 * Streams (SSE, multipart incremental delivery) are left alone: each part must leave as it comes.
 */
const WHOLE_BODY_TYPE = /^(?:application\/(?:graphql-response\+)?json|text\/html)/;

/** A fetch Response of a polyfill (Yoga's @whatwg-node), which @fastify/compress does not recognise. */
function isForeignResponse(payload: unknown): payload is Response {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    Object.prototype.toString.call(payload) === '[object Response]' &&
    !(payload instanceof Response)
  );
}

/** Compression of dynamic responses (API JSON, GraphQL, HTML); register before the routes. */
export async function registerCompression(app: FastifyInstance) {
  // GraphQL's door returns Yoga's Response object. A whole body (JSON, GraphiQL) is read here, so it can be
  // compressed and, compressed or not, leaves as one write with its length (fastify would otherwise stream
  // the Response's body: a promise per chunk and a write more for its end; a client asking no compression
  // got 1.06x the myCases throughput without that, issue 17). For any other body, the reply takes
  // its content type so compression passes it by (a stream of events must leave as it comes) and fastify
  // sends the Response itself.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isForeignResponse(payload)) return payload;
    const type = payload.headers.get('content-type') ?? '';
    if (!WHOLE_BODY_TYPE.test(type)) {
      reply.header('content-type', type || 'application/octet-stream');
      return payload;
    }
    reply.code(payload.status);
    payload.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = payload.headers.getSetCookie?.() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
    return payload.text();
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Text only: not event streams (each event must leave at once), not files (octet-stream, images).
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript|^image\/svg\+xml/,
    // Level 4 brotli: most of the gain for a fraction of the CPU of the best level (per request).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are left as they come (the limits of http/limits.ts apply to what is sent).
    globalDecompression: false,
  });
}

/** The built web client at `/`, with the client-side routes answered by its index.html. */
export async function registerWebClient(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', FINGERPRINTED.test(path) ? IMMUTABLE : REVALIDATE);
    },
  });
  // The web client routes on its own: unknown non-API paths get its index.html.
  app.get('/*', (request, reply) => {
    // Server paths are never the web client's: /metrics off its port is a 404, not the app's HTML.
    if (request.url.startsWith('/api/') || request.url.split('?')[0] === '/metrics') {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.sendFile('index.html');
  });
}
