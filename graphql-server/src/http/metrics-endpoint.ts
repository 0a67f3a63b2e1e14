import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors';
import { metricsRegistry } from '../lib/metrics';

// /metrics (Prometheus) must not be public in production. Three ways to serve it (config.metrics):
// - METRICS_PORT: on its own listener (same HOST), never on the app port; the proxy only knows the app port;
// - METRICS_TOKEN: on the app port, for `Authorization: Bearer <token>` only;
// - neither: on the app port openly outside production (development, tests), not at all in production.

export interface MetricsOptions {
  port: number | undefined;
  token: string | undefined;
  openOnAppPort: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison of the bearer token (hashes first, so lengths do not leak either). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export function registerMetricsEndpoint(app: FastifyInstance, options: MetricsOptions & { host: string }) {
  if (options.port !== undefined) {
    const port = options.port;
    let server: Server | undefined;
    app.addHook('onListen', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        metricsRegistry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
          () => response.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, options.host, () => resolve());
      });
      app.log.info({ port }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
    return;
  }
  const token = options.token;
  if (!token && !options.openOnAppPort) return; // production without METRICS_PORT or METRICS_TOKEN: 404
  app.get('/metrics', async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new DomainError('UNAUTHENTICATED', 'A metrics token is required');
    }
    return reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
