import type { Readable } from 'node:stream';
import { PHOTO_TOO_MANY_FILES_MESSAGE, PROFILE_PHOTO_MAX_BYTES } from '@vetconsult/schema/people';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PhotoUpload } from '../domain/people/profile.service';
import { toUserView } from '../domain/users/user.view';
import { badInput } from '../lib/errors';
import type { Services } from '../services';
import { beforeUpload } from './upload-gate';

// SPEC §7 "Specialists, availability" and "Admin and profile": thin wrappers over the specialists,
// admin and profile services. Roles and ownership are checked by the services, not here.

type IdParams = { Params: { id: string } };

const slotView = (slot: { id: number; dayOfWeek: number; startTime: string; endTime: string }) => ({
  id: slot.id,
  dayOfWeek: slot.dayOfWeek,
  startTime: slot.startTime,
  endTime: slot.endTime,
});

const questionView = (question: {
  id: number;
  questionText: string;
  required: boolean;
  active: boolean;
  specialty: string;
  createdAt: Date;
}) => ({
  id: question.id,
  questionText: question.questionText,
  required: question.required,
  active: question.active,
  specialty: question.specialty,
  createdAt: question.createdAt.toISOString(),
});

/** Reads a stream up to `limit` bytes; the caller sees whether more was cut off. */
async function readCapped(file: Readable & { truncated?: boolean }): Promise<PhotoUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { bytes: Buffer.concat(chunks, size), truncated: file.truncated === true };
}

/**
 * PUT /api/profile as multipart: text fields plus an optional `profilePhoto`. The photo is streamed with
 * a byte cap (busboy stops storing at the limit and flags the part truncated), so a huge upload never
 * sits in memory; the size and type rules themselves are the profile service's.
 */
async function readProfileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photo?: PhotoUpload }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, string> };
  const fields: Record<string, string> = {};
  let photo: PhotoUpload | undefined;
  try {
    // throwFileSizeLimit is a per-call option of @fastify/multipart that its typings leave out: the part is
    // flagged truncated instead of failing, so the service can answer with the spec's message.
    const options = { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1 }, throwFileSizeLimit: false };
    const parts = request.parts(options as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'profilePhoto') photo = await readCapped(part.file);
        else for await (const _ of part.file) void _; // an unknown file field is drained and ignored
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw badInput(PHOTO_TOO_MANY_FILES_MESSAGE, 'profilePhoto');
    throw error;
  }
  return photo ? { fields, photo } : { fields };
}

export function registerPeopleRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { specialists, admin, profile, uploads } = deps.services;

  // --- Specialist directory (consult form) -----------------------------------------------------------
  app.get<{ Querystring: { specialty?: string } }>('/api/user/specialists', async (request) =>
    specialists.directory(request.actor, request.query.specialty),
  );

  // --- Availability ------------------------------------------------------------------------------------
  app.get<{ Params: { specialistId: string } }>('/api/availability/:specialistId', async (request) =>
    (await specialists.listAvailability(request.actor, request.params.specialistId)).map(slotView),
  );
  app.post('/api/availability', async (request, reply) =>
    reply.status(201).send(slotView(await specialists.addAvailability(request.actor, request.body))),
  );
  app.delete<IdParams>('/api/availability/:id', async (request) => {
    await specialists.deleteAvailability(request.actor, request.params.id);
    return { message: 'Availability removed' };
  });

  // --- Specialist questions ----------------------------------------------------------------------------
  // For the consult form: the chosen specialist's active questions, [{ id, questionText, required }].
  app.get<{ Querystring: { specialistId?: string } }>('/api/specialist-questions', async (request) =>
    specialists.activeQuestions(request.actor, request.query.specialistId),
  );
  // The signed-in specialist's own questions.
  app.get('/api/specialist-questions/mine', async (request) =>
    (await specialists.myQuestions(request.actor)).map(questionView),
  );
  app.post('/api/specialist-questions', async (request, reply) =>
    reply.status(201).send(questionView(await specialists.createQuestion(request.actor, request.body))),
  );
  app.put<IdParams>('/api/specialist-questions/:id', async (request) =>
    questionView(await specialists.updateQuestion(request.actor, request.params.id, request.body)),
  );
  app.delete<IdParams>('/api/specialist-questions/:id', async (request) => {
    await specialists.deleteQuestion(request.actor, request.params.id);
    return { message: 'Question removed' };
  });

  // --- Administrator -----------------------------------------------------------------------------------
  // Both pending and approved specialists (the page splits by `approved`); ?approved=false narrows it.
  app.get<{ Querystring: { approved?: string } }>('/api/admin/pending-specialists', async (request) => {
    const { approved } = request.query;
    const filter = approved === 'true' ? { approved: true } : approved === 'false' ? { approved: false } : {};
    return (await admin.specialists(request.actor, filter)).map(toUserView);
  });
  app.put<IdParams>('/api/admin/approve-specialist/:id', async (request) =>
    toUserView(await admin.approve(request.actor, { specialistId: request.params.id })),
  );
  app.post('/api/admin/approve-specialist', async (request) =>
    toUserView(await admin.approve(request.actor, request.body)),
  );
  app.post('/api/admin/reject-specialist', async (request) => {
    const rejected = await admin.reject(request.actor, request.body);
    return { ...rejected, message: 'Specialist application rejected.' };
  });
  app.get('/api/admin/users', async (request) => (await admin.users(request.actor)).map(toUserView));

  // --- Profile, photo, notification preferences, onboarding -----------------------------------------
  app.put('/api/profile', { preHandler: beforeUpload(uploads, () => ({ kind: 'profilePhoto' })) }, async (request) => {
    const { fields, photo } = await readProfileForm(request);
    return toUserView(await profile.updateProfile(request.actor, fields, photo));
  });
  app.delete('/api/profile/photo', async (request) => toUserView(await profile.deletePhoto(request.actor)));
  app.get<IdParams>('/api/users/:id/photo', async (request, reply) => {
    const photo = await profile.photo(request.actor, request.params.id);
    // The URL carries a version (?v=updatedAt), so a changed photo gets a new URL.
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(photo.body);
  });
  app.get('/api/profile/notifications', async (request) => profile.notificationPreferences(request.actor));
  app.put('/api/profile/notifications', async (request) =>
    profile.updateNotificationPreferences(request.actor, request.body),
  );
  app.post('/api/profile/onboarding-complete', async (request) =>
    toUserView(await profile.completeOnboarding(request.actor)),
  );
}
