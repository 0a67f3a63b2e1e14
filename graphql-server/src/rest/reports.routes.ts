import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { contentDisposition } from './cases.routes';

// Issue 16: the consultation report PDF (and, below, file thumbnails). Thin wrappers: the services own
// the read rule, which is the one of case files.

type IdParams = { Params: { id: string } };

export function registerReportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { reports } = deps.services;

  app.get<IdParams>('/api/cases/:id/report.pdf', async (request, reply) => {
    const { filename, body } = await reports.openReport(request.actor, request.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(body);
  });
}
