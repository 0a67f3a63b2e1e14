import type { Readable } from 'node:stream';
import {
  createAvailabilitySchema,
  notificationPreferencesSchema,
  PHOTO_TOO_MANY_FILES_MESSAGE,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  profileSchema,
  specialistIdSchema,
  specialistQuestionSchema,
  specialistQuestionUpdateSchema,
} from '@vetconsult/schema/people';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PhotoUpload } from '../domain/people/profile.service';
import { toUserView } from '../domain/users/user.view';
import { badInput } from '../lib/errors';
import type { Services } from '../services';
import { defineRoute, messageBodySchema, multipartOf, numericId } from './contract';
import { beforeUpload } from './upload-gate';
import {
  notificationPreferencesViewSchema,
  publicQuestionSchema,
  questionView,
  questionViewSchema,
  rejectedSpecialistSchema,
  slotView,
  slotViewSchema,
  specialistListItemSchema,
} from './views/people.view';
import { userViewSchema } from './views/user.view';

// SPEC §7 "Specialists, availability" and "Admin and profile": thin wrappers over the specialists,
// admin and profile services. Roles and ownership are checked by the services, not here.

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

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, json: schema });
const removed = (description: string) => json(description, messageBodySchema);
const id = z.object({ id: numericId('row') });

export function registerPeopleRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { specialists, admin, profile, uploads } = deps.services;

  // --- Specialist directory (consult form) -----------------------------------------------------------
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/user/specialists',
      tag: 'Specialists',
      summary: 'Approved specialists, with their next available time',
      access: 'signed-in',
      query: z.object({ specialty: z.string().optional().describe('Only this specialty.') }),
      responses: { 200: json('The directory.', z.array(specialistListItemSchema)) },
    },
    async (request) => specialists.directory(request.actor, request.query.specialty),
  );

  // --- Availability ------------------------------------------------------------------------------------
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/availability/:specialistId',
      tag: 'Availability',
      summary: 'A specialist’s weekly availability',
      access: 'signed-in',
      params: z.object({ specialistId: numericId('specialist') }),
      responses: { 200: json('The slots, by day and time.', z.array(slotViewSchema)) },
      errors: [403, 404],
    },
    async (request) => (await specialists.listAvailability(request.actor, request.params.specialistId)).map(slotView),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/availability',
      tag: 'Availability',
      summary: 'Add a weekly slot (specialists)',
      access: 'signed-in',
      body: { json: createAvailabilitySchema },
      responses: { 201: json('Added.', slotViewSchema) },
      errors: [404, 409],
    },
    async (request, reply) => {
      const slot = slotView(await specialists.addAvailability(request.actor, request.body));
      reply.status(201);
      return slot;
    },
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/availability/:id',
      tag: 'Availability',
      summary: 'Remove one of one’s slots (specialists)',
      access: 'signed-in',
      params: id,
      responses: { 200: removed('Removed.') },
      errors: [404],
    },
    async (request) => {
      await specialists.deleteAvailability(request.actor, request.params.id);
      return { message: 'Availability removed' };
    },
  );

  // --- Specialist questions ----------------------------------------------------------------------------
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/specialist-questions',
      tag: 'Specialist questions',
      summary: 'A specialist’s active questions, for the consult form',
      access: 'signed-in',
      query: z.object({ specialistId: numericId('specialist').optional() }),
      responses: { 200: json('The questions.', z.array(publicQuestionSchema)) },
      errors: [404],
    },
    async (request) => specialists.activeQuestions(request.actor, request.query.specialistId),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/specialist-questions/mine',
      tag: 'Specialist questions',
      summary: 'The signed-in specialist’s questions',
      access: 'signed-in',
      responses: { 200: json('Every question, active or not.', z.array(questionViewSchema)) },
      errors: [403],
    },
    async (request) => (await specialists.myQuestions(request.actor)).map(questionView),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/specialist-questions',
      tag: 'Specialist questions',
      summary: 'Add a question (specialists)',
      access: 'signed-in',
      body: { json: specialistQuestionSchema },
      responses: { 201: json('Added.', questionViewSchema) },
    },
    async (request, reply) => {
      const question = questionView(await specialists.createQuestion(request.actor, request.body));
      reply.status(201);
      return question;
    },
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/specialist-questions/:id',
      tag: 'Specialist questions',
      summary: 'Change one of one’s questions (specialists)',
      access: 'signed-in',
      params: id,
      body: { json: specialistQuestionUpdateSchema },
      responses: { 200: json('Changed.', questionViewSchema) },
      errors: [404],
    },
    async (request) => questionView(await specialists.updateQuestion(request.actor, request.params.id, request.body)),
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/specialist-questions/:id',
      tag: 'Specialist questions',
      summary: 'Remove one of one’s questions (specialists)',
      access: 'signed-in',
      params: id,
      responses: { 200: removed('Removed.') },
      errors: [404],
    },
    async (request) => {
      await specialists.deleteQuestion(request.actor, request.params.id);
      return { message: 'Question removed' };
    },
  );

  // --- Administrator -----------------------------------------------------------------------------------
  const adminTag = 'Administration';
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/pending-specialists',
      tag: adminTag,
      summary: 'Specialists, pending and approved (administrators)',
      description: 'The page splits them by `approved`; ?approved=false narrows the list.',
      access: 'signed-in',
      query: z.object({ approved: z.enum(['true', 'false']).optional() }),
      responses: { 200: json('The specialists.', z.array(userViewSchema)) },
      errors: [403],
    },
    async (request) => {
      const { approved } = request.query;
      const filter = approved === 'true' ? { approved: true } : approved === 'false' ? { approved: false } : {};
      return (await admin.specialists(request.actor, filter)).map(toUserView);
    },
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/admin/approve-specialist/:id',
      tag: adminTag,
      summary: 'Approve a specialist (administrators; Settings page)',
      access: 'signed-in',
      params: z.object({ id: numericId('specialist') }),
      responses: { 200: json('Approved.', userViewSchema) },
      errors: [404],
    },
    async (request) => toUserView(await admin.approve(request.actor, { specialistId: request.params.id })),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/approve-specialist',
      tag: adminTag,
      summary: 'Approve a specialist (administrators; Specialist Management page)',
      access: 'signed-in',
      body: { json: specialistIdSchema },
      responses: { 200: json('Approved.', userViewSchema) },
      errors: [404],
    },
    async (request) => toUserView(await admin.approve(request.actor, request.body)),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/reject-specialist',
      tag: adminTag,
      summary: 'Reject a specialist’s application (administrators)',
      access: 'signed-in',
      body: { json: specialistIdSchema },
      responses: { 200: json('Rejected: the account is removed.', rejectedSpecialistSchema) },
      errors: [404],
    },
    async (request) => {
      const rejected = await admin.reject(request.actor, request.body);
      return { ...rejected, message: 'Specialist application rejected.' };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/users',
      tag: adminTag,
      summary: 'Every user (administrators)',
      access: 'signed-in',
      responses: { 200: json('The users.', z.array(userViewSchema)) },
      errors: [403],
    },
    async (request) => (await admin.users(request.actor)).map(toUserView),
  );

  // --- Profile, photo, notification preferences, onboarding -----------------------------------------
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/profile',
      tag: 'Profile',
      summary: 'Change one’s profile, with an optional photo',
      description: `Multipart (text fields plus \`profilePhoto\`: JPEG, PNG, GIF or WebP up to ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB) or JSON.`,
      access: 'signed-in',
      body: {
        json: profileSchema,
        multipart: multipartOf(profileSchema, { profilePhoto: 'The new photo (one file).' }),
      },
      responses: { 200: json('The changed user.', userViewSchema) },
      errors: [409],
    },
    async (request) => {
      const { fields, photo } = await readProfileForm(request);
      return toUserView(await profile.updateProfile(request.actor, fields, photo));
    },
    { preHandler: beforeUpload(uploads, () => ({ kind: 'profilePhoto' })) },
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/profile/photo',
      tag: 'Profile',
      summary: 'Remove one’s photo',
      access: 'signed-in',
      responses: { 200: json('The changed user.', userViewSchema) },
    },
    async (request) => toUserView(await profile.deletePhoto(request.actor)),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/:id/photo',
      tag: 'Profile',
      summary: 'A user’s photo',
      description: 'The URL carries a version (?v=…), so a changed photo gets a new URL; cached a day.',
      access: 'signed-in',
      params: z.object({ id: numericId('user') }),
      query: z.object({ v: z.string().optional().describe('The photo’s version (ignored by the server).') }),
      responses: { 200: { description: 'The image.', file: [...PROFILE_PHOTO_TYPES] } },
      errors: [404],
    },
    async (request, reply) => {
      const photo = await profile.photo(request.actor, request.params.id);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(photo.body);
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/notifications',
      tag: 'Profile',
      summary: 'One’s e-mail notification preferences',
      access: 'signed-in',
      responses: { 200: json('The preferences.', notificationPreferencesViewSchema) },
    },
    async (request) => profile.notificationPreferences(request.actor),
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/profile/notifications',
      tag: 'Profile',
      summary: 'Change one’s e-mail notification preferences',
      access: 'signed-in',
      body: { json: notificationPreferencesSchema },
      responses: { 200: json('The preferences.', notificationPreferencesViewSchema) },
    },
    async (request) => profile.updateNotificationPreferences(request.actor, request.body),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/onboarding-complete',
      tag: 'Profile',
      summary: 'Dismiss the onboarding welcome card',
      access: 'signed-in',
      responses: { 200: json('The changed user.', userViewSchema) },
    },
    async (request) => toUserView(await profile.completeOnboarding(request.actor)),
  );
}
