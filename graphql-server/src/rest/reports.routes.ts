import { isRowId } from '@vetconsult/schema/values';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../lib/errors';
import type { Services } from '../services';
import { contentDisposition } from './cases.routes';
import { caseRef, defineRoute, numericId } from './contract';

// Issue 16: the consultation report PDF and file thumbnails. Thin wrappers: the services own
// the read rule, which is the one of case files.

export function registerReportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { reports, thumbnails } = deps.services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/:id/report.pdf',
      tag: 'Cases',
      summary: 'The consultation report of a reviewed case (PDF)',
      access: 'signed-in',
      params: z.object({ id: caseRef }),
      responses: { 200: { description: 'The report, as an attachment.', file: ['application/pdf'] } },
      errors: [403, 404, 409, 503],
    },
    async (request, reply) => {
      const { filename, body } = await reports.openReport(request.actor, request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/files/:id/thumbnail',
      tag: 'Cases',
      summary: 'A small WebP preview of an image, PDF or DICOM file',
      access: 'signed-in',
      params: z.object({ id: numericId('file') }),
      responses: { 200: { description: 'The preview.', file: ['image/webp'] } },
      errors: [403, 404, 409, 503],
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!/^\d{1,10}$/.test(id) || !isRowId(Number(id))) throw notFound('File not found');
      const body = await thumbnails.openThumbnail(request.actor, Number(id));
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(body);
    },
  );
}
