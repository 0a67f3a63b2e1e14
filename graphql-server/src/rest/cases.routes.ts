import { extname } from 'node:path';
import { isRowId } from '@vetconsult/schema/values';
import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shortId } from '../domain/cases/cases.rules';
import { toDraftView } from '../domain/cases/drafts.service';
import { UPLOAD_LIMITS } from '../domain/cases/files';
import { badInput, notFound } from '../lib/errors';
import type { Services } from '../services';
import { requestedRange } from './byte-range';
import { withIntake } from './intake';
import { beforeUpload } from './upload-gate';
import { toCaseFileView, toCaseView } from './views/case.view';

// SPEC §7 "Cases, drafts, files": thin wrappers over the cases and drafts services. JSON bodies where
// the spec sends JSON, multipart where files travel (a JSON body is accepted wherever no file is needed).

type IdParams = { Params: { id: string } };

/** A numeric id from a path or query (`what` names it in the message: user, specialist, file). */
function optionalId(value: string | undefined, what = 'user', field = 'userId'): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,10}$/.test(value) || !isRowId(Number(value))) throw badInput(`Invalid ${what} id`, field);
  return Number(value);
}

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 original name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function sendAttachment(reply: FastifyReply, filename: string, contentType: string) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
}

/** Entry names inside a zip, unique ("scan.png", "scan (2).png"). */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const ext = extname(name);
    return `${name.slice(0, name.length - ext.length)} (${count})${ext}`;
  });
}

export function registerCaseRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { cases, drafts, uploads } = deps.services;
  const caseRef = (request: FastifyRequest) => (request.params as { id: string }).id;
  /** A changed case as the REST door shows it: read again with its people and files, under the read rule. */
  const caseView = async (request: FastifyRequest, kase: { id: number }) =>
    toCaseView(await cases.getCase(request.actor, kase.id));

  // --- cases ---------------------------------------------------------------------------------------

  app.get<{
    Querystring: {
      userId?: string;
      role?: string;
      specialty?: string;
      status?: string;
      search?: string;
      first?: string;
      after?: string;
    };
  }>('/api/cases', async (request) => {
    const { userId, role, specialty, ...filter } = request.query;
    const available =
      role?.toLowerCase() === 'specialist' &&
      filter.status === 'pending' &&
      !!specialty &&
      request.actor?.role === 'SPECIALIST';
    const rows = available
      ? await cases.availableCases(request.actor)
      : await cases.listCases(request.actor, filter, optionalId(userId));
    return rows.map(toCaseView);
  });

  app.get<IdParams>('/api/cases/specialist/:id', async (request) => {
    const specialistId = optionalId(request.params.id, 'specialist', 'id');
    if (specialistId === undefined) throw notFound('Specialist not found');
    return (await cases.specialistCases(request.actor, specialistId)).map(toCaseView);
  });

  app.get<IdParams>('/api/cases/:id', async (request) =>
    toCaseView(await cases.getCase(request.actor, request.params.id)),
  );

  app.post('/api/cases', { preHandler: beforeUpload(uploads, () => ({ kind: 'consult' })) }, async (request, reply) => {
    const kase = await withIntake(request, UPLOAD_LIMITS.consult, (body) => cases.submitConsult(request.actor, body));
    return reply.status(201).send(await caseView(request, kase));
  });

  app.post(
    '/api/cases/revisit',
    { preHandler: beforeUpload(uploads, () => ({ kind: 'revisit' })) },
    async (request, reply) => {
      const kase = await withIntake(request, UPLOAD_LIMITS.consult, (body) => cases.createRevisit(request.actor, body));
      return reply.status(201).send(await caseView(request, kase));
    },
  );

  app.post<IdParams>('/api/cases/:id/accept', async (request) =>
    caseView(request, await cases.acceptCase(request.actor, request.params.id)),
  );

  // Issue 19: the veterinarian cancels a paid case no specialist has accepted; the payment is refunded.
  app.post<IdParams>('/api/cases/:id/cancel', async (request) =>
    caseView(request, await deps.services.payments.cancelCase(request.actor, request.params.id, request.body ?? {})),
  );

  app.post<IdParams>(
    '/api/cases/:id/review',
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'review', caseRef: caseRef(request) })) },
    async (request) =>
      caseView(
        request,
        await withIntake(request, UPLOAD_LIMITS.summary, (body) =>
          cases.submitReview(request.actor, request.params.id, body),
        ),
      ),
  );

  app.post<IdParams>('/api/cases/:id/complete', async (request) =>
    caseView(request, await cases.completeCase(request.actor, request.params.id)),
  );

  app.get<IdParams>('/api/cases/:id/files', async (request) =>
    (await cases.listFiles(request.actor, request.params.id)).map(toCaseFileView),
  );

  app.post<IdParams>(
    '/api/cases/:id/files',
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'caseFiles', caseRef: caseRef(request) })) },
    async (request, reply) => {
      // The category field may follow the files in the form: read with the larger limit, and the service
      // holds diagnostic files to the consult limit.
      const files = await withIntake(request, UPLOAD_LIMITS.summary, (body) => {
        const category = body.fields.category === 'summary' ? 'summary' : 'input';
        return cases.addFiles(request.actor, request.params.id, body, category);
      });
      return reply.status(201).send(files.map(toCaseFileView));
    },
  );

  app.get<IdParams & { Querystring: { inline?: string } }>('/api/files/:id/download', async (request, reply) => {
    const fileId = optionalId(request.params.id, 'file', 'id');
    if (fileId === undefined) throw notFound('File not found');
    // A Range header (video seeking) gets 206 with that part, or 416 when it lies past the end.
    let asked: ReturnType<typeof requestedRange>;
    const { file, body, range } = await cases.openFile(request.actor, fileId, (size) => {
      asked = requestedRange(request.headers.range, size);
      return asked === 'unsatisfiable' ? undefined : asked;
    });
    sendAttachment(reply, file.filename, file.fileType).header('Accept-Ranges', 'bytes');
    // ?inline=1 lets the case page preview what browsers show safely (images, PDF, video).
    if (request.query.inline === '1' && /^(image\/(png|jpeg|gif|webp)|application\/pdf|video\/)/.test(file.fileType)) {
      reply.header('Content-Disposition', contentDisposition(file.filename).replace(/^attachment/, 'inline'));
    }
    if (asked === 'unsatisfiable') {
      body.destroy();
      return reply.status(416).header('Content-Range', `bytes */${file.fileSize}`).send();
    }
    if (!range) return reply.header('Content-Length', String(file.fileSize)).send(body);
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.fileSize}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(body);
  });

  app.get<IdParams>('/api/cases/:id/download-all', async (request, reply) => {
    const { kase, files, open } = await cases.filesForArchive(request.actor, request.params.id);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.on('error', (error) => request.log.error({ err: error }, 'zip archive failed'));
    const names = uniqueNames(files.map((f) => f.filename));
    for (const [index, file] of files.entries()) {
      archive.append(await open(file), { name: names[index] ?? file.filename, date: file.createdAt });
    }
    void archive.finalize();
    sendAttachment(reply, `case-${shortId(kase.uuid)}-files.zip`, 'application/zip');
    return reply.send(archive);
  });

  // --- dashboard -----------------------------------------------------------------------------------

  app.get<{ Querystring: { userId?: string } }>('/api/stats', async (request) =>
    cases.stats(request.actor, optionalId(request.query.userId)),
  );

  // --- drafts --------------------------------------------------------------------------------------

  const draftSaved = (kase: { uuid: string; version: number; updatedAt: Date }) => ({
    uuid: kase.uuid,
    version: kase.version,
    updatedAt: kase.updatedAt.toISOString(),
  });

  app.get('/api/consults/drafts', async (request) => (await drafts.listDrafts(request.actor)).map(toDraftView));

  app.get<IdParams>('/api/consults/drafts/:id', async (request) =>
    toDraftView(await drafts.getDraft(request.actor, request.params.id)),
  );

  app.post(
    '/api/consults/drafts',
    { preHandler: beforeUpload(uploads, () => ({ kind: 'draft' })) },
    async (request, reply) => {
      const draft = await withIntake(request, UPLOAD_LIMITS.consult, (body) =>
        drafts.createDraft(request.actor, body.fields),
      );
      return reply.status(201).send({ ...toDraftView(draft), ...draftSaved(draft) });
    },
  );

  app.put<IdParams>(
    '/api/consults/drafts/:id',
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'draft', caseRef: caseRef(request) })) },
    async (request) => {
      const draft = await withIntake(request, UPLOAD_LIMITS.consult, (body) =>
        drafts.updateDraft(request.actor, request.params.id, body.fields),
      );
      return { ...toDraftView(draft), ...draftSaved(draft) };
    },
  );

  app.delete<IdParams>('/api/consults/drafts/:id', async (request) => {
    await drafts.deleteDraft(request.actor, request.params.id);
    return { message: 'The draft consultation has been deleted successfully.' };
  });

  app.post<IdParams>('/api/consults/drafts/:id/start-payment', async (request) => {
    const kase = await drafts.startPayment(request.actor, request.params.id);
    return { caseId: kase.id, uuid: kase.uuid, status: kase.status, version: kase.version };
  });
}
