import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { contentDisposition } from './cases.routes';

// Issue 19: the operations dashboard over REST — the same service as GraphQL's operationsReport, and
// its CSV export (the web downloads it through lib/file-transfer.ts). ?month=YYYY-MM&weeks=12.

type ReportQuery = { Querystring: { month?: string; weeks?: string } };

export function registerOperationsRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { operations } = deps.services;

  app.get<ReportQuery>('/api/admin/operations', async (request, reply) => {
    const report = await operations.report(request.actor, { month: request.query.month, weeks: request.query.weeks });
    return reply.header('Cache-Control', 'private, no-store').send(report);
  });

  app.get<ReportQuery>('/api/admin/operations.csv', async (request, reply) => {
    const { filename, body } = await operations.csv(request.actor, {
      month: request.query.month,
      weeks: request.query.weeks,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition(filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(body);
  });
}
