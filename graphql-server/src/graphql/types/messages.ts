import type { Context } from '../../context';
import { fieldsOnly } from '../../domain/cases/files';
import type { ConversationInfo } from '../../domain/messages/conversation';
import type { MessagesPageInfo } from '../../domain/messages/messages-page';
import { messageCursor } from '../../domain/messages/messages-page';
import {
  conversationActivityKey,
  conversationEventKey,
  receivesConversationActivity,
  receivesConversationEvent,
} from '../../domain/realtime/realtime.rules';
import type { CaseMessageAdded, CaseMessagesRead } from '../../lib/events';
import { createPushQueue } from '../../lib/push-queue';
import { builder, noRowToLoad } from '../builder';
import { DashboardStats } from './case';

// The case conversation (issue 15) over GraphQL: the same service calls as the REST door
// (rest/messages.routes.ts); every permission is the service's (domain/messages/messages.rules.ts).
// Attachments travel over REST multipart (POST /api/cases/{uuid}/messages), as every upload does: this
// endpoint refuses multipart bodies (graphql/yoga.ts).

const ConversationStateEnum = builder.enumType('ConversationState', {
  description:
    'not_open before the case is accepted; open until 30 days after it is reviewed; then closed (read-only).',
  values: ['not_open', 'open', 'closed'] as const,
});

builder.prismaObject('CaseMessage', {
  description: "A message of a case's conversation; reached only through fields that apply its read rule.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    cursor: t.string({
      description: 'Pass as `after` (or `before`) to read on from this message.',
      select: { id: true },
      resolve: (message) => messageCursor(message.id),
    }),
    caseId: t.exposeInt('caseId'),
    body: t.exposeString('body'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    editedAt: t.expose('editedAt', { type: 'DateTime', nullable: true }),
    authorId: t.exposeInt('authorId', { nullable: true }),
    author: t.relation('author', { nullable: true }),
    attachments: t.relation('attachments', { query: { orderBy: { id: 'asc' as const } } }),
  }),
});

const CaseMessagePageInfo = builder.objectRef<MessagesPageInfo>('CaseMessagePageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
    startCursor: t.exposeString('startCursor', { nullable: true }),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

const CaseMessagePage = builder.objectRef<{ ids: number[]; pageInfo: MessagesPageInfo }>('CaseMessagePage').implement({
  description: 'One page of a conversation, oldest to newest.',
  fields: (t) => ({
    messages: t.prismaField({
      type: ['CaseMessage'],
      resolve: (query, page, _args, ctx) =>
        ctx.db.caseMessage.findMany({ ...query, where: { id: { in: page.ids } }, orderBy: { id: 'asc' } }),
    }),
    pageInfo: t.field({ type: CaseMessagePageInfo, resolve: (page) => page.pageInfo }),
  }),
});

const CaseConversation = builder.objectRef<ConversationInfo>('CaseConversation').implement({
  description: "What the reader may do in a case's conversation, and how far each side has read.",
  fields: (t) => ({
    caseUuid: t.exposeString('caseUuid'),
    state: t.expose('state', { type: ConversationStateEnum }),
    writable: t.exposeBoolean('writable', { description: 'The reader may send a message now.' }),
    note: t.exposeString('note', { nullable: true, description: 'Why the reader cannot write, or null.' }),
    closesAt: t.expose('closesAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a reviewed case’s conversation becomes read-only.',
    }),
    participant: t.exposeBoolean('participant', {
      description: "The reader is the case's veterinarian or specialist.",
    }),
    unreadMessages: t.exposeInt('unreadMessages'),
    myLastReadMessageId: t.exposeInt('myLastReadMessageId', { nullable: true }),
    counterpartLastReadMessageId: t.exposeInt('counterpartLastReadMessageId', {
      nullable: true,
      description: 'How far the other participant has read ("seen").',
    }),
    counterpartReadAt: t.expose('counterpartReadAt', { type: 'DateTime', nullable: true }),
    case: t.prismaField({
      type: 'Case',
      resolve: (query, info, _args, ctx) => ctx.db.case.findUniqueOrThrow({ ...query, where: { id: info.caseId } }),
    }),
    originalCase: t.prismaField({
      type: 'Case',
      nullable: true,
      description: "A revisit's thread links to its original case's thread (when the reader may read it).",
      resolve: (query, info, _args, ctx) =>
        info.originalCase
          ? ctx.db.case.findUnique({ ...query, where: { id: info.originalCase.id } })
          : noRowToLoad(query),
    }),
    latestRevisit: t.prismaField({
      type: 'Case',
      nullable: true,
      description: "The newest revisit of this case the reader may read: where a closed thread's exchange goes on.",
      resolve: (query, info, _args, ctx) =>
        info.latestRevisit
          ? ctx.db.case.findUnique({ ...query, where: { id: info.latestRevisit.id } })
          : noRowToLoad(query),
    }),
  }),
});

const CaseReadEvent = builder.objectRef<CaseMessagesRead>('CaseReadEvent').implement({
  description: 'A participant read the conversation up to a message.',
  fields: (t) => ({
    caseUuid: t.exposeString('uuid'),
    userId: t.exposeInt('userId'),
    lastReadMessageId: t.exposeInt('lastReadMessageId'),
    at: t.float({ description: 'When it was read (epoch ms)', resolve: (event) => event.at }),
  }),
});

const ConversationActivityKind = builder.enumType('ConversationActivityKind', {
  values: ['message_added', 'read'] as const,
});

type ConversationEvent = CaseMessageAdded | CaseMessagesRead;

const ConversationActivity = builder.objectRef<ConversationEvent>('ConversationActivity').implement({
  description: "The subscriber's unread count of a case moved (a message for them, or their own reading elsewhere).",
  fields: (t) => ({
    caseUuid: t.exposeString('uuid'),
    kind: t.field({
      type: ConversationActivityKind,
      resolve: (event) => ('authorId' in event ? 'message_added' : 'read'),
    }),
    at: t.float({ resolve: (event) => event.at }),
    case: t.prismaField({
      type: 'Case',
      nullable: true,
      description: 'The case as it is now, with its unreadMessages.',
      resolve: (query, event, _args, ctx) => ctx.db.case.findUnique({ ...query, where: { id: event.caseId } }),
    }),
    unreadTotal: t.int({
      description: "The subscriber's unread messages over all their conversations (the dashboard's count).",
      resolve: (_event, _args, ctx) => ctx.services.messages.unreadTotal(ctx.actor),
    }),
  }),
});

/** One loader per response: a list of cases asks its unread counts in one statement. */
const unreadLoaders = new WeakMap<object, ReturnType<Context['services']['messages']['unreadLoader']>>();
function unreadLoader(ctx: Context) {
  let loader = unreadLoaders.get(ctx);
  if (!loader) {
    loader = ctx.services.messages.unreadLoader(ctx.actor);
    unreadLoaders.set(ctx, loader);
  }
  return loader;
}

builder.prismaObjectFields('Case', (t) => ({
  unreadMessages: t.int({
    description: "Messages of the other participant the reader has not read (0 for anyone who doesn't take part).",
    select: { id: true },
    resolve: (kase, _args, ctx) => unreadLoader(ctx).load(kase.id),
  }),
}));

builder.objectField(DashboardStats, 'unreadMessages', (t) =>
  t.int({
    description: 'Unread messages over every conversation the user takes part in.',
    resolve: (_stats, _args, ctx) => ctx.services.messages.unreadTotal(ctx.actor),
  }),
);

/** Both topics' events, in arrival order, as one subscription source. */
function mergeSources<T>(...sources: AsyncIterableIterator<T>[]): AsyncIterableIterator<T> {
  const queue = createPushQueue<T>(() => {
    for (const source of sources) void source.return?.();
  });
  for (const source of sources) {
    void (async () => {
      for await (const value of source) if (!queue.push(value)) return;
    })().catch((error: unknown) => queue.fail(error instanceof Error ? error : new Error(String(error))));
  }
  return queue.iterator;
}

builder.queryFields((t) => ({
  caseMessages: t.field({
    type: CaseMessagePage,
    authScopes: { authenticated: true },
    description:
      'A page of the case’s conversation, oldest to newest: `first` messages after the cursor `after` (reading on), or the `last` messages before `before` (the newest first, then history).',
    args: {
      caseUuid: t.arg.string({ required: true }),
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
    },
    resolve: (_root, { caseUuid, ...page }, ctx) => ctx.services.messages.page(ctx.actor, caseUuid, { ...page }),
  }),
  caseConversation: t.field({
    type: CaseConversation,
    authScopes: { authenticated: true },
    args: { caseUuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.messages.conversation(ctx.actor, args.caseUuid),
  }),
}));

builder.mutationFields((t) => ({
  sendCaseMessage: t.prismaField({
    type: 'CaseMessage',
    authScopes: { authenticated: true },
    description:
      'Sends a text message (up to 5,000 characters). Messages with attachments go through POST /api/cases/{uuid}/messages (multipart).',
    args: { caseUuid: t.arg.string({ required: true }), body: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const message = await ctx.services.messages.sendMessage(
        ctx.actor,
        args.caseUuid,
        fieldsOnly({ body: args.body }),
      );
      return ctx.db.caseMessage.findUniqueOrThrow({ ...query, where: { id: message.id } });
    },
  }),
  markCaseRead: t.field({
    type: CaseConversation,
    authScopes: { authenticated: true },
    description:
      "Marks the conversation read up to a message (by default its newest); the other side sees it as 'seen'.",
    args: { caseUuid: t.arg.string({ required: true }), upToMessageId: t.arg.int() },
    resolve: (_root, args, ctx) =>
      ctx.services.messages.markRead(ctx.actor, args.caseUuid, { upToMessageId: args.upToMessageId ?? undefined }),
  }),
}));

builder.subscriptionFields((t) => ({
  caseMessageAdded: t.prismaField({
    type: 'CaseMessage',
    nullable: true,
    authScopes: { authenticated: true },
    description: 'Each new message of the case’s conversation. Anyone who may not read it gets an error, not data.',
    args: { caseUuid: t.arg.string({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const uuid = await ctx.services.messages.openThread(ctx.actor, args.caseUuid);
      const events = ctx.events.subscribe(
        'caseMessages.added',
        (event) => event.uuid === uuid && receivesConversationEvent(ctx.actor, event),
        conversationEventKey(uuid),
      );
      return ctx.services.messages.watchThread(ctx.actor, uuid, events);
    },
    resolve: (query, event: CaseMessageAdded, _args, ctx) =>
      ctx.db.caseMessage.findUnique({ ...query, where: { id: event.messageId } }),
  }),
  caseMessagesRead: t.field({
    type: CaseReadEvent,
    authScopes: { authenticated: true },
    description: "A participant read the case's conversation (the 'seen' marker). Same read rule as caseMessageAdded.",
    args: { caseUuid: t.arg.string({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const uuid = await ctx.services.messages.openThread(ctx.actor, args.caseUuid);
      return ctx.events.subscribe(
        'caseMessages.read',
        (event) => event.uuid === uuid && receivesConversationEvent(ctx.actor, event),
        conversationEventKey(uuid),
      );
    },
    resolve: (event: CaseMessagesRead) => event,
  }),
  myConversationsChanged: t.field({
    type: ConversationActivity,
    authScopes: { authenticated: true },
    description: "The subscriber's unread count of one of their cases moved (for the unread badges).",
    subscribe: (_root, _args, ctx) => {
      const key = conversationActivityKey(ctx.actor);
      const accept = (event: ConversationEvent) => receivesConversationActivity(ctx.actor, event);
      return mergeSources<ConversationEvent>(
        ctx.events.subscribe('caseMessages.added', accept, key),
        ctx.events.subscribe('caseMessages.read', accept, key),
      );
    },
    resolve: (event: ConversationEvent) => event,
  }),
}));
