import {
  caseMessageSchema,
  caseMessagesPageSchema,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILES_MAX,
  markCaseReadSchema,
} from '@vetconsult/schema/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import { caseRef, defineRoute, multipartOf } from './contract';
import { withIntake } from './intake';
import { conversationViewSchema, messageViewSchema, toConversationView, toMessageView } from './views/message.view';

// Issue 15, the case conversation for REST clients: thin wrappers over the messages service (the same
// functions GraphQL calls; every rule is the service's). A message with attachments is a multipart body
// (field `body`, repeated `files`), checked like every case-file upload; a text message may be JSON.

const MESSAGE_UPLOAD = { maxFiles: MESSAGE_FILES_MAX, maxFileBytes: MESSAGE_FILE_MAX_BYTES };

const tag = 'Conversation';
const thread = z.object({ id: caseRef });
/** The message as a client sends it (the service adds how many files came with it). */
const sentMessage = z.object({ body: caseMessageSchema.shape.body });

export const messagesPageSchema = z
  .object({
    conversation: conversationViewSchema,
    messages: z.array(messageViewSchema).describe('Oldest to newest.'),
    pageInfo: z.object({
      hasNextPage: z.boolean(),
      hasPreviousPage: z.boolean(),
      startCursor: z.string().nullable(),
      endCursor: z.string().nullable(),
    }),
  })
  .meta({ id: 'MessagesPage' });

export function registerMessageRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { messages } = deps.services;
  const caseOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cases/:id/messages',
      tag,
      summary: 'A page of the case conversation',
      description: 'Forward (first after a cursor) or backward (last before a cursor); by default the newest page.',
      access: 'signed-in',
      params: thread,
      query: caseMessagesPageSchema,
      responses: { 200: { description: 'The page and the conversation’s state.', json: messagesPageSchema } },
      errors: [400, 403, 404],
    },
    async (request) => {
      const { first, after, last, before } = request.query;
      const page = await messages.listMessages(request.actor, request.params.id, { first, after, last, before });
      const conversation = await messages.conversation(request.actor, request.params.id);
      return {
        conversation: toConversationView(conversation),
        messages: page.messages.map(toMessageView),
        pageInfo: page.pageInfo,
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/messages',
      tag,
      summary: 'Write in the case conversation (its veterinarian or specialist)',
      description: `JSON { body }, or multipart with \`body\` and up to ${MESSAGE_FILES_MAX} \`files\` of ${MESSAGE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      access: 'signed-in',
      params: thread,
      body: { json: sentMessage, multipart: multipartOf(sentMessage, { files: 'Attachments.' }) },
      responses: { 201: { description: 'Sent.', json: messageViewSchema } },
      errors: [400, 403, 404, 409, 413, 415],
    },
    async (request, reply) => {
      const message = await withIntake(request, MESSAGE_UPLOAD, (body) =>
        messages.sendMessage(request.actor, request.params.id, body),
      );
      reply.status(201);
      return toMessageView(message);
    },
    {
      // Whoever may not write here is refused before a multipart body is read.
      preHandler: async (request) => {
        if (request.isMultipart()) await messages.assertCanSend(request.actor, caseOf(request));
      },
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cases/:id/messages/read',
      tag,
      summary: 'Mark the conversation read (by default up to its newest message)',
      access: 'signed-in',
      params: thread,
      body: { json: markCaseReadSchema, required: false },
      responses: { 200: { description: 'The conversation’s state.', json: conversationViewSchema } },
      errors: [400, 403, 404],
    },
    async (request) =>
      toConversationView(await messages.markRead(request.actor, request.params.id, request.body ?? {})),
  );
}
