import { MESSAGE_FILE_MAX_BYTES, MESSAGE_FILES_MAX } from '@vetconsult/schema/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { withIntake } from './intake';
import { toConversationView, toMessageView } from './views/message.view';

// Issue 15, the case conversation for REST clients: thin wrappers over the messages service (the same
// functions GraphQL calls; every rule is the service's). A message with attachments is a multipart body
// (field `body`, repeated `files`), checked like every case-file upload; a text message may be JSON.

type Thread = { Params: { id: string } };

const MESSAGE_UPLOAD = { maxFiles: MESSAGE_FILES_MAX, maxFileBytes: MESSAGE_FILE_MAX_BYTES };

export function registerMessageRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { messages } = deps.services;
  const caseRef = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get<Thread & { Querystring: Record<string, string | undefined> }>('/api/cases/:id/messages', async (request) => {
    const { first, after, last, before } = request.query;
    const page = await messages.listMessages(request.actor, request.params.id, { first, after, last, before });
    const conversation = await messages.conversation(request.actor, request.params.id);
    return {
      conversation: toConversationView(conversation),
      messages: page.messages.map(toMessageView),
      pageInfo: page.pageInfo,
    };
  });

  app.post<Thread>(
    '/api/cases/:id/messages',
    {
      // Whoever may not write here is refused before a multipart body is read.
      preHandler: async (request) => {
        if (request.isMultipart()) await messages.assertCanSend(request.actor, caseRef(request));
      },
    },
    async (request, reply) => {
      const message = await withIntake(request, MESSAGE_UPLOAD, (body) =>
        messages.sendMessage(request.actor, request.params.id, body),
      );
      return reply.status(201).send(toMessageView(message));
    },
  );

  app.post<Thread>('/api/cases/:id/messages/read', async (request) =>
    toConversationView(await messages.markRead(request.actor, request.params.id, request.body ?? {})),
  );
}
