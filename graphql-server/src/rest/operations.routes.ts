import { operationsReportInputSchema } from '@vetconsult/schema/operations';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { contentDisposition } from './cases.routes';
import { defineRoute } from './contract';
import { operationsReportViewSchema, toOperationsReportView } from './views/operations.view';

// Issue 19: the operations dashboard over REST — the same service as GraphQL's operationsReport, and
// its CSV export (the web downloads it through lib/file-transfer.ts). ?month=YYYY-MM&weeks=12.

const tag = 'Operations';

export function registerOperationsRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { operations } = deps.services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/operations',
      tag,
      summary: 'The operations report (administrators): cases per week, turnaround, on-time rates, money',
      access: 'signed-in',
      query: operationsReportInputSchema,
      responses: { 200: { description: 'The report.', json: operationsReportViewSchema } },
      errors: [400, 403],
    },
    async (request, reply) => {
      const report = await operations.report(request.actor, { month: request.query.month, weeks: request.query.weeks });
      reply.header('Cache-Control', 'private, no-store');
      return toOperationsReportView(report);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/operations.csv',
      tag,
      summary: 'The operations report as CSV (administrators): section, group, subgroup, metric, value',
      access: 'signed-in',
      query: operationsReportInputSchema,
      responses: { 200: { description: 'The report’s table, as an attachment.', file: ['text/csv'] } },
      errors: [400, 403],
    },
    async (request, reply) => {
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
    },
  );
}
