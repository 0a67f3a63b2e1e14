import { isRowId } from '@vetconsult/schema/values';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';
import type { Services } from '../services';
import { contentDisposition } from './cases.routes';

// Issue 16: the consultation report PDF and file thumbnails. Thin wrappers: the services own
// the read rule, which is the one of case files.

type IdParams = { Params: { id: string } };

export function registerReportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { reports, thumbnails } = deps.services;

  app.get<IdParams>('/api/cases/:id/report.pdf', async (request, reply) => {
    const { filename, body } = await reports.openReport(request.actor, request.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(body);
  });

  app.get<IdParams>('/api/files/:id/thumbnail', async (request, reply) => {
    const id = request.params.id;
    if (!/^\d{1,10}$/.test(id) || !isRowId(Number(id))) throw notFound('File not found');
    const body = await thumbnails.openThumbnail(request.actor, Number(id));
    return reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=3600')
      .send(body);
  });
}
