import type { FastifyInstance } from 'fastify';
import type { Db } from '../lib/db/client';
import type { EventTransport } from '../lib/pubsub';

// /healthz: the process answers. /readyz: it can serve traffic (database reachable; live events
// reported separately because the product keeps working without them through polling).

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Db; transport: EventTransport }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    let database = 'ok';
    try {
      await deps.db.$queryRaw`SELECT 1`;
    } catch {
      database = 'unavailable';
    }
    const events = deps.transport.isConnected() ? 'ok' : 'degraded';
    return reply
      .status(database === 'ok' ? 200 : 503)
      .send({ status: database === 'ok' ? 'ready' : 'not ready', database, events });
  });
}
