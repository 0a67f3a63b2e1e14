import type { IncomingMessage, Server } from 'node:http';
import type { DocumentNode, ExecutionArgs, GraphQLError, GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Context, ContextBuilder } from '../context';
import type { Actor } from '../domain/actor';
import { isEndedSession } from '../domain/realtime/realtime.rules';
import { BODY_LIMIT_BYTES } from '../http/limits';
import type { Security } from '../http/security';
import { readBearerToken, readSessionToken } from '../http/session';
import { createBatchLoader } from '../lib/batch';
import { DomainError } from '../lib/errors';
import type { EventBus } from '../lib/events';
import type { InFlight } from '../lib/in-flight';
import type { Logger } from '../lib/logger';
import type { Services } from '../services';
import { createSharedSubscriptions, sharedSubscriptionKey } from './shared-subscriptions';
import { createSocketActorCache } from './socket-actors';
import { type Connection, serveGraphqlWs } from './socket-server';
import { subscriptionEvents } from './subscription-events';
import { createValidDocuments } from './valid-documents';
import { maskError, type YogaServerContext } from './yoga';

// GraphQL over WebSocket (the graphql-transport-ws protocol, socket-server.ts) on the same port and path
// as HTTP. Operations go through Yoga's envelope (parse, validate, execute), so auth scopes, error
// masking and limits are the same as over HTTP. The actor comes from the session cookie of the upgrade
// request, or from a personal access token sent by a script in the connection_init payload as
// `{ authorization: 'Bearer vcpat_…' }` (issue 20; the cookie is then ignored).
//
// A socket has one context, built when it is acknowledged (its actor, address and user agent); every
// operation of the socket runs with a shallow copy of it (subscription-events.ts copies it for a
// subscription's start and for each event), so what plugins cache on a context lasts one execution.
// Yoga's envelope is made for an operation only when it needs one (valid-documents.ts) and not kept: a
// live subscription holds its arguments (schema, document, variables, the socket's context), not the
// envelope's closures.

/**
 * What the envelope's plugins see of the socket's upgrade request: the client's address and user agent
 * (the full IncomingMessage is not kept once the socket is acknowledged).
 */
function slimRequest(context: Context): IncomingMessage {
  return {
    headers: { 'user-agent': context.request.userAgent },
    socket: { remoteAddress: context.request.ip },
  } as unknown as IncomingMessage;
}

type Socket = Connection<Context>;
type Envelope = ReturnType<YogaServerInstance<YogaServerContext, Context>['getEnveloped']>;

/**
 * A text through the envelope's parse and validate: its document, or the errors to answer with. A
 * syntax error or a limit (graphql-armor throws from parse and validate) is an error of this operation,
 * not a reason to drop the socket (it is closed with 4500 when this throws).
 */
function parseAndValidate(
  envelope: Envelope,
  text: string,
): { document: DocumentNode; schema: GraphQLSchema } | readonly GraphQLError[] {
  const asOperationError = (error: unknown) => {
    if ((error as Partial<GraphQLError>)?.name === 'GraphQLError') return [error as GraphQLError];
    throw error;
  };
  let document: DocumentNode;
  try {
    document = envelope.parse(text);
  } catch (error) {
    return asOperationError(error);
  }
  try {
    const errors = envelope.validate(envelope.schema, document);
    return errors.length ? errors : { document, schema: envelope.schema };
  } catch (error) {
    return asOperationError(error);
  }
}

export function attachGraphqlWs(options: {
  server: Server;
  yoga: YogaServerInstance<YogaServerContext, Context>;
  buildContext: ContextBuilder;
  services: Services;
  events: EventBus;
  logger: Logger;
  isCrossSite?: Security['isCrossSite'];
  /** The per-token rate limit, counted once per operation of a socket opened with an access token. */
  rateLimitToken?: Security['rateLimitToken'];
  /** The client's address under TRUST_PROXY, read exactly as fastify reads it for HTTP requests. */
  clientAddress?: (request: IncomingMessage) => string;
  /** Ping interval; a socket that has not answered one ping by the next is dropped (0: no pings). */
  keepAliveMs?: number;
  /** Sockets of one user running the same subscription share one execution per event. */
  sharedExecution?: boolean;
  /** Production hides an internal error's message from the socket's close reason. */
  isProduction?: boolean;
  /** Where the messages being handled are counted, for shutdown to wait for them. */
  inFlight?: InFlight;
}) {
  const wss = new WebSocketServer({ server: options.server, path: '/graphql', maxPayload: BODY_LIMIT_BYTES });
  const shared = createSharedSubscriptions();
  const validDocuments = createValidDocuments();
  const sharedExecution = options.sharedExecution ?? true;
  // The sessions of a storm's sockets are read in batches (one query per batch, lib/batch.ts).
  const lookupSessions = createBatchLoader(
    (tokens: string[]) => options.services.auth.actorsFromSessions(tokens),
    null,
  );
  const socketActors = createSocketActorCache({
    lookup: lookupSessions,
    events: options.events,
  });

  /** The context of a socket's caller (the actor is set once the socket is acknowledged). */
  const contextOf = (actor: Actor | null, sessionToken: string | null, request: Context['request']) =>
    options.buildContext({ actor, sessionToken, request, cookies: null });

  /** The actor of a socket opened with an access token; null after closing the socket with the reason. */
  async function tokenActor(socket: WebSocket, authorization: unknown): Promise<Actor | null> {
    const secret = typeof authorization === 'string' ? readBearerToken(authorization) : null;
    try {
      if (secret === null)
        throw new DomainError('UNAUTHENTICATED', 'Send the token as { authorization: "Bearer <token>" }');
      const actor = await options.services.accessTokens.actorFromAccessToken(secret);
      closeAtExpiry(socket, actor.token?.expiresAt ?? null);
      return actor;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      socket.close(CloseCode.Unauthorized, error.message.slice(0, 120));
      return null;
    }
  }
  /** Who opens the socket: an access token in connection_init, else the session cookie. */
  async function authenticate(connection: Socket, request: IncomingMessage): Promise<boolean> {
    const authorization = connection.connectionParams?.authorization;
    if (authorization !== undefined) {
      // A token carries no ambient credential: no cross-site check, and the cookie is not read.
      const actor = await tokenActor(connection.socket, authorization);
      if (!actor) return false;
      connection.state = contextOf(actor, null, connection.state.request);
      return true;
    }
    // Cross-site WebSocket hijacking: a page on another site must not open a socket with our cookie.
    if (options.isCrossSite?.(request.headers)) return false;
    const token = readSessionToken(request.headers.cookie);
    connection.state = contextOf(await socketActors.actorOf(token), token, connection.state.request);
    return true;
  }

  const server = serveGraphqlWs<Context>(
    wss,
    {
      open: (_socket, request) =>
        contextOf(null, null, {
          ip: options.clientAddress?.(request) ?? request.socket.remoteAddress ?? '',
          userAgent: request.headers['user-agent'],
        }),
      onConnect: authenticate,
      onInternalError: (error) => options.logger.error({ err: error }, 'websocket internal error'),
      exposeInternalErrors: options.isProduction === false,
      inFlight: options.inFlight,
      onSubscribe: async (connection, _id, params) => {
        const context = connection.state;
        const tokenId = context.actor?.token?.id;
        if (tokenId !== undefined && options.rateLimitToken) {
          try {
            await options.rateLimitToken(tokenId);
          } catch (error) {
            return [maskError(error, 'Unexpected error.') as GraphQLError];
          }
        }
        // Made only when the operation needs it: an unknown text's parse and validation, a query or
        // mutation, a subscription whose start fails (valid-documents.ts).
        let envelope: Envelope | undefined;
        const enveloped = () =>
          (envelope ??= options.yoga.getEnveloped({
            req: slimRequest(context),
            socket: connection.socket,
            params,
          } as never));
        let valid = validDocuments.get(params.query);
        if (!valid) {
          const checked = parseAndValidate(enveloped(), params.query);
          if (!('document' in checked)) return checked;
          valid = validDocuments.remember(params.query, checked.document, checked.schema);
        }
        const args: ExecutionArgs = {
          schema: valid.schema,
          operationName: params.operationName,
          document: valid.document,
          variableValues: params.variables,
          contextValue: context,
        };
        /** Through the envelope, with a copy of the socket's context (plugins cache per context). */
        const copied = (run: 'execute' | 'subscribe') => (args: ExecutionArgs) =>
          enveloped()[run]({ ...args, contextValue: { ...context } });
        const sharingKey = sharedExecution
          ? sharedSubscriptionKey(
              { document: valid.id, operationName: params.operationName, variables: params.variables },
              context.actor,
            )
          : null;
        return {
          args,
          execute: copied('execute'),
          subscribe: (args) => {
            // Event by event (subscription-events.ts); a start that fails gets Yoga's answer.
            const start = async () => (await subscriptionEvents(args, options.logger)) ?? copied('subscribe')(args);
            return sharingKey === null ? start() : shared.join(sharingKey, start);
          },
        };
      },
    },
    options.keepAliveMs ?? 12_000,
  );

  // A socket authenticates once, when it opens: when its session ends (sign-out, password change or
  // reset, a rejected application), on this instance or another, the socket is closed with 4401.
  const endedSessions = options.events.subscribe('sessions.ended');
  void (async () => {
    for await (const ended of endedSessions) {
      for (const connection of server.connections()) {
        if (isEndedSession(connection.state.actor, ended)) connection.close(CloseCode.Unauthorized, 'Session ended');
      }
    }
  })().catch((error: unknown) => options.logger.error({ err: error }, 'closing the sockets of ended sessions failed'));
  // A revoked access token (on this instance or another) closes its sockets the same way.
  const revokedTokens = options.events.subscribe('accessTokens.revoked');
  void (async () => {
    for await (const revoked of revokedTokens) {
      for (const connection of server.connections()) {
        if (connection.state.actor?.token?.id === revoked.tokenId)
          connection.close(CloseCode.Unauthorized, 'Access token revoked');
      }
    }
  })().catch((error: unknown) => options.logger.error({ err: error }, 'closing the sockets of revoked tokens failed'));

  return {
    wss,
    /** Says "going away" (1001) to every client and waits for them to close their end. */
    async close() {
      await endedSessions.return?.();
      await revokedTokens.return?.();
      await socketActors.close();
      server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    /** Drops the sockets that have not answered the close handshake. */
    terminate() {
      for (const client of wss.clients) client.terminate();
    },
  };
}

/** setTimeout's longest delay; a later expiry is reached in several steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** Closes a socket opened with an access token when the token expires (every request checks it anyway). */
function closeAtExpiry(socket: WebSocket, expiresAt: Date | null): void {
  if (!expiresAt) return;
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) {
      socket.close(CloseCode.Unauthorized, 'Access token expired');
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.once('close', () => clearTimeout(timer));
}
