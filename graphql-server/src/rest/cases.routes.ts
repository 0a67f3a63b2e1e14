import { extname } from 'node:path';
import {
  caseSearchSchema,
  consultSubmissionSchema,
  draftSchema,
  draftUpdateSchema,
  reviewSchema,
  revisitSchema,
} from '@vetconsult/schema/consult';
import {
  ALLOWED_FILE_TYPES,
  CONSULT_FILE_MAX_BYTES,
  MAX_FILES_PER_UPLOAD,
  SUMMARY_FILE_MAX_BYTES,
} from '@vetconsult/schema/files';
import { cancelSchema, declineSchema, reassignSchema } from '@vetconsult/schema/turnaround';
import { CASE_STATUSES, isRowId } from '@vetconsult/schema/values';
import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { shortId } from '../domain/cases/cases.rules';
import { toDraftView } from '../domain/cases/drafts.service';
import { UPLOAD_LIMITS } from '../domain/cases/files';
import { badInput, notFound } from '../lib/errors';
import type { Services } from '../services';
import { requestedRange } from './byte-range';
import {
  caseRef,
  defineRoute,
  filePart,
  messageBodySchema,
  multipartOf,
  numericId,
  type ResponseContract,
} from './contract';
import { withIntake } from './intake';
import { beforeUpload } from './upload-gate';
import {
  caseFileViewSchema,
  caseViewSchema,
  declineResultViewSchema,
  toCaseFileView,
  toCaseView,
} from './views/case.view';
import { draftViewSchema } from './views/draft.view';
import { statsSchema } from './views/payment.view';

// SPEC §7 "Cases, drafts, files": thin wrappers over the cases and drafts services. JSON bodies where
// the spec sends JSON, multipart where files travel (a JSON body is accepted wherever no file is needed).

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

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, json: schema });
const oneCase = (description: string) => json(description, caseViewSchema);
const caseList = (description: string) => json(description, z.array(caseViewSchema));
const byCase = z.object({ id: caseRef });
const MB = 1024 * 1024;
const filesPart = (maxBytes: number) =>
  `Up to ${MAX_FILES_PER_UPLOAD} files of ${maxBytes / MB} MB each (${ALLOWED_FILE_TYPES.length} allowed types, checked by content).`;
/** Errors of a multipart upload besides bad input: too large, type not allowed, rate limited. */
const uploadErrors = [403, 404, 409, 413, 415] as const;
const savedDraftSchema = draftViewSchema;
const startedPaymentSchema = z.object({
  caseId: z.number().int(),
  uuid: z.string(),
  status: z.enum(CASE_STATUSES),
  version: z.number().int(),
});

export function registerCaseRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { cases, drafts, uploads } = deps.services;
  const caseOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  /** A changed case as the REST door shows it: read again with its people and files, under the read rule. */
  const caseView = async (request: FastifyRequest, kase: { id: number }) =>
    toCaseView(await cases.getCase(request.actor, kase.id), request.actor);

  // --- cases ---------------------------------------------------------------------------------------
  const tag = 'Cases';

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases',
      tag,
      summary: 'The cases the caller may see',
      description:
        'A veterinarian’s own cases, a specialist’s assigned cases, every case for an administrator. With role=specialist, status=pending and a specialty, a specialist gets the cases waiting for a specialist.',
      access: 'signed-in',
      query: caseSearchSchema.extend({
        userId: numericId('user')
          .optional()
          .describe('Only this user’s cases (the caller’s own, or any for an administrator).'),
        role: z.string().optional().describe('`specialist` with status=pending and a specialty: the available cases.'),
        specialty: z.string().optional(),
      }),
      responses: { 200: caseList('Newest first.') },
      errors: [400, 403],
    },
    async (request) => {
      const { userId, role, specialty, ...filter } = request.query;
      const available =
        role?.toLowerCase() === 'specialist' &&
        filter.status === 'pending' &&
        !!specialty &&
        request.actor?.role === 'SPECIALIST';
      const rows = available
        ? await cases.availableCases(request.actor)
        : await cases.listCases(request.actor, filter, optionalId(userId));
      const now = new Date();
      return rows.map((row) => toCaseView(row, request.actor, now));
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/specialist/:id',
      tag,
      summary: 'A specialist’s cases (older specialist view)',
      access: 'signed-in',
      params: z.object({ id: numericId('specialist') }),
      responses: { 200: caseList('Newest first.') },
      errors: [403, 404],
    },
    async (request) => {
      const specialistId = optionalId(request.params.id, 'specialist', 'id');
      if (specialistId === undefined) throw notFound('Specialist not found');
      const now = new Date();
      return (await cases.specialistCases(request.actor, specialistId)).map((row) =>
        toCaseView(row, request.actor, now),
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/:id',
      tag,
      summary: 'One case, with its people and files',
      access: 'signed-in',
      params: byCase,
      responses: { 200: oneCase('The case.') },
      errors: [403, 404],
    },
    async (request) => toCaseView(await cases.getCase(request.actor, request.params.id), request.actor),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases',
      tag,
      summary: 'Submit a consultation (veterinarians)',
      description:
        'Multipart: the consult fields (nested objects as JSON text) and repeated `files`; or JSON without files. With a paid or free payment intent the case becomes pending.',
      access: 'signed-in',
      body: {
        json: consultSubmissionSchema,
        multipart: multipartOf(consultSubmissionSchema, { files: filesPart(CONSULT_FILE_MAX_BYTES) }),
      },
      responses: { 201: oneCase('Submitted.') },
      errors: [402, ...uploadErrors],
    },
    async (request, reply) => {
      const kase = await withIntake(request, UPLOAD_LIMITS.consult, (body) => cases.submitConsult(request.actor, body));
      const view = await caseView(request, kase);
      reply.status(201);
      return view;
    },
    { preHandler: beforeUpload(uploads, () => ({ kind: 'consult' })) },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/revisit',
      tag,
      summary: 'Submit a revisit of a reviewed case (veterinarians)',
      access: 'signed-in',
      body: {
        json: revisitSchema,
        multipart: multipartOf(revisitSchema, { files: filesPart(CONSULT_FILE_MAX_BYTES) }),
      },
      responses: { 201: oneCase('Submitted.') },
      errors: [402, ...uploadErrors],
    },
    async (request, reply) => {
      const kase = await withIntake(request, UPLOAD_LIMITS.consult, (body) => cases.createRevisit(request.actor, body));
      const view = await caseView(request, kase);
      reply.status(201);
      return view;
    },
    { preHandler: beforeUpload(uploads, () => ({ kind: 'revisit' })) },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/cancel',
      tag,
      summary: 'Cancel a paid case no specialist has accepted (its veterinarian); the payment is refunded in full',
      description:
        'The coupon use is given back and the payment refunded through the provider, exactly once: a replayed cancel answers with the cancelled case.',
      access: 'signed-in',
      params: byCase,
      body: { json: cancelSchema, required: false },
      responses: { 200: oneCase('Cancelled (and refunded).') },
      errors: [403, 404, 409],
    },
    async (request) =>
      caseView(request, await deps.services.payments.cancelCase(request.actor, request.params.id, request.body ?? {})),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/decline',
      tag,
      summary: 'Decline a pending case assigned to you, with a reason (specialists)',
      description:
        'The case goes back to its veterinarian with the reason, still paid; they move it to another specialist without paying again, or cancel it.',
      access: 'signed-in',
      params: byCase,
      body: { json: declineSchema },
      responses: { 200: { description: 'Declined.', json: declineResultViewSchema } },
      errors: [403, 404, 409],
    },
    async (request) => {
      const { kase, decline } = await cases.declineCase(request.actor, request.params.id, request.body);
      return {
        uuid: kase.uuid,
        status: kase.status,
        reason: decline.reason,
        declinedAt: decline.createdAt.toISOString(),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/reassign',
      tag,
      summary: 'Move a declined or slow case to another specialist, or the first available one (its veterinarian)',
      description:
        'Allowed once its specialist declined it, or when no one accepted it within a quarter of its window. No new payment; the due time stays as fixed at activation.',
      access: 'signed-in',
      params: byCase,
      body: { json: reassignSchema },
      responses: { 200: oneCase('Moved.') },
      errors: [403, 404, 409],
    },
    async (request) => caseView(request, await cases.reassignCase(request.actor, request.params.id, request.body)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/accept',
      tag,
      summary: 'Accept a pending case (approved specialists)',
      access: 'signed-in',
      params: byCase,
      body: {
        json: z.object({ specialistId: z.unknown() }).partial(),
        required: false,
        description: 'Ignored: the caller is the specialist (some clients send { specialistId }).',
      },
      responses: { 200: oneCase('Accepted: assigned to the caller.') },
      errors: [403, 404, 409],
    },
    async (request) => caseView(request, await cases.acceptCase(request.actor, request.params.id)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/review',
      tag,
      summary: 'Submit the review (the assigned specialist)',
      access: 'signed-in',
      params: byCase,
      body: {
        json: reviewSchema,
        multipart: multipartOf(reviewSchema, { files: filesPart(SUMMARY_FILE_MAX_BYTES) }),
      },
      responses: { 200: oneCase('Reviewed.') },
      errors: [...uploadErrors],
    },
    async (request) =>
      caseView(
        request,
        await withIntake(request, UPLOAD_LIMITS.summary, (body) =>
          cases.submitReview(request.actor, request.params.id, body),
        ),
      ),
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'review', caseRef: caseOf(request) })) },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/complete',
      tag,
      summary: 'Mark an accepted case reviewed (the assigned specialist; older view)',
      access: 'signed-in',
      params: byCase,
      responses: { 200: oneCase('Reviewed.') },
      errors: [400, 403, 404, 409],
    },
    async (request) => caseView(request, await cases.completeCase(request.actor, request.params.id)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/:id/files',
      tag,
      summary: 'A case’s files',
      access: 'signed-in',
      params: byCase,
      responses: { 200: json('Oldest first.', z.array(caseFileViewSchema)) },
      errors: [403, 404],
    },
    async (request) => (await cases.listFiles(request.actor, request.params.id)).map(toCaseFileView),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/files',
      tag,
      summary: 'Add files to a case',
      description:
        'Multipart: repeated `files` and `category` (`summary` for the specialist’s attachments, else diagnostic input).',
      access: 'signed-in',
      params: byCase,
      body: {
        multipart: z.object({
          category: z.enum(['input', 'summary']).optional(),
          files: z.array(filePart).describe(filesPart(SUMMARY_FILE_MAX_BYTES)),
        }),
      },
      responses: { 201: json('The added files.', z.array(caseFileViewSchema)) },
      errors: [...uploadErrors],
    },
    async (request, reply) => {
      // The category field may follow the files in the form: read with the larger limit, and the service
      // holds diagnostic files to the consult limit.
      const files = await withIntake(request, UPLOAD_LIMITS.summary, (body) => {
        const category = body.fields.category === 'summary' ? 'summary' : 'input';
        return cases.addFiles(request.actor, request.params.id, body, category);
      });
      reply.status(201);
      return files.map(toCaseFileView);
    },
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'caseFiles', caseRef: caseOf(request) })) },
  );

  const wholeFile: ResponseContract = { description: 'The file, as an attachment.', file: ['*/*'] };
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/files/:id/download',
      tag,
      summary: 'Download a file',
      description:
        'Honours one byte range (Range: bytes=…) for video seeking; ?inline=1 shows images, PDF and video in the browser.',
      access: 'signed-in',
      params: z.object({ id: numericId('file') }),
      query: z.object({ inline: z.enum(['1']).optional() }),
      responses: { 200: wholeFile, 206: { description: 'The asked range.', file: ['*/*'] } },
      errors: [403, 404, 416],
    },
    async (request, reply) => {
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
      if (
        request.query.inline === '1' &&
        /^(image\/(png|jpeg|gif|webp)|application\/pdf|video\/)/.test(file.fileType)
      ) {
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
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/:id/download-all',
      tag,
      summary: 'All of a case’s files in one zip',
      access: 'signed-in',
      params: byCase,
      responses: { 200: { description: 'A zip archive.', file: ['application/zip'] } },
      errors: [403, 404],
    },
    async (request, reply) => {
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
    },
  );

  // --- dashboard -----------------------------------------------------------------------------------

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/stats',
      tag: 'Dashboard',
      summary: 'Dashboard counts',
      access: 'signed-in',
      query: z.object({
        userId: numericId('user').optional(),
        role: z.string().optional().describe('Ignored: the caller’s role decides.'),
      }),
      responses: { 200: json('The counts.', statsSchema) },
      errors: [400, 403],
    },
    async (request) => cases.stats(request.actor, optionalId(request.query.userId)),
  );

  // --- drafts --------------------------------------------------------------------------------------
  const draftsTag = 'Drafts';

  const draftSaved = (kase: { uuid: string; version: number; updatedAt: Date }) => ({
    uuid: kase.uuid,
    version: kase.version,
    updatedAt: kase.updatedAt.toISOString(),
  });
  const draftFields =
    'Every consult field is optional; multipart form fields are accepted too (files are not stored with a draft).';

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/consults/drafts',
      tag: draftsTag,
      summary: 'One’s drafts and unpaid consultations (veterinarians)',
      access: 'signed-in',
      responses: { 200: json('Most recently saved first.', z.array(draftViewSchema)) },
      errors: [403],
    },
    async (request) => (await drafts.listDrafts(request.actor)).map(toDraftView) as z.infer<typeof draftViewSchema>[],
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/consults/drafts/:id',
      tag: draftsTag,
      summary: 'One draft',
      access: 'signed-in',
      params: byCase,
      responses: { 200: json('The draft.', draftViewSchema) },
      errors: [403, 404],
    },
    async (request) =>
      toDraftView(await drafts.getDraft(request.actor, request.params.id)) as z.infer<typeof draftViewSchema>,
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/consults/drafts',
      tag: draftsTag,
      summary: 'Save a new draft (veterinarians)',
      description: draftFields,
      access: 'signed-in',
      body: { json: draftSchema, multipart: draftSchema, required: false },
      responses: { 201: json('Saved.', savedDraftSchema) },
      errors: [404, 413, 415],
    },
    async (request, reply) => {
      const draft = await withIntake(request, UPLOAD_LIMITS.consult, (body) =>
        drafts.createDraft(request.actor, body.fields),
      );
      reply.status(201);
      return { ...toDraftView(draft), ...draftSaved(draft) } as z.infer<typeof draftViewSchema>;
    },
    { preHandler: beforeUpload(uploads, () => ({ kind: 'draft' })) },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/consults/drafts/:id',
      tag: draftsTag,
      summary: 'Save a draft again',
      description: `${draftFields} Send the version last read: a stale one is answered 409 with \`serverVersion\`, \`conflictFields\` and \`serverData\`.`,
      access: 'signed-in',
      params: byCase,
      body: { json: draftUpdateSchema, multipart: draftUpdateSchema },
      responses: { 200: json('Saved.', savedDraftSchema) },
      errors: [403, 404, 409, 413, 415],
    },
    async (request) => {
      const draft = await withIntake(request, UPLOAD_LIMITS.consult, (body) =>
        drafts.updateDraft(request.actor, request.params.id, body.fields),
      );
      return { ...toDraftView(draft), ...draftSaved(draft) } as z.infer<typeof draftViewSchema>;
    },
    { preHandler: beforeUpload(uploads, (request) => ({ kind: 'draft', caseRef: caseOf(request) })) },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/consults/drafts/:id',
      tag: draftsTag,
      summary: 'Discard a draft or unpaid consultation',
      access: 'signed-in',
      params: byCase,
      responses: { 200: json('Deleted.', messageBodySchema) },
      errors: [403, 404, 409],
    },
    async (request) => {
      await drafts.deleteDraft(request.actor, request.params.id);
      return { message: 'The draft consultation has been deleted successfully.' };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/consults/drafts/:id/start-payment',
      tag: draftsTag,
      summary: 'Turn a complete draft into a consultation waiting for payment',
      access: 'signed-in',
      params: byCase,
      responses: { 200: json('Waiting for payment.', startedPaymentSchema) },
      errors: [400, 403, 404, 409],
    },
    async (request) => {
      const kase = await drafts.startPayment(request.actor, request.params.id);
      return { caseId: kase.id, uuid: kase.uuid, status: kase.status, version: kase.version };
    },
  );
}
