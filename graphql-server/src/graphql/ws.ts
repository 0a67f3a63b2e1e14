import type { IncomingMessage, Server } from 'node:http';
import type { ExecutionArgs, execute, GraphQLError } from 'graphql';
import { CloseCode, type Context as SocketContext } from 'graphql-ws';
import { type Extra, useServer } from 'graphql-ws/use/ws';
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
import type { Logger } from '../lib/logger';
import type { Services } from '../services';
import { createSharedSubscriptions, sharedSubscriptionKey } from './shared-subscriptions';
import { createSocketActorCache } from './socket-actors';
import { subscriptionEvents } from './subscription-events';
import { maskError, type YogaServerContext } from './yoga';

// GraphQL over WebSocket (graphql-ws) on the same port and path as HTTP. Operations go through Yoga's
// envelope, so auth scopes, error masking and limits are the same as over HTTP. The actor comes from
// the session cookie of the upgrade request, or from a personal access token sent by a script in the
// connection_init payload as `{ authorization: 'Bearer vcpat_…' }` (issue 20; the cookie is then ignored).

type ConnectionExtra = {
  actor?: Actor | null;
  sessionToken?: string | null;
  /** The client's address, read from the upgrade request when the socket opened. */
  ip?: string;
};

/**
 * What an open socket keeps of its upgrade request: the client's address and user agent. The full
 * IncomingMessage (headers, raw headers, stream state: ~1.5 KB) would otherwise live as long as the
 * socket, as graphql-ws's `extra.request`.
 */
function slimRequest(request: IncomingMessage, ip: string): IncomingMessage {
  return {
    headers: { 'user-agent': request.headers['user-agent'] },
    socket: { remoteAddress: ip },
  } as unknown as IncomingMessage;
}

type Run = (args: ExecutionArgs) => ReturnType<typeof execute>;
type EnvelopedArgs = ExecutionArgs & { rootValue: { execute: Run; subscribe: Run; sharingKey: string | null } };

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
}) {
  const wss = new WebSocketServer({ server: options.server, path: '/graphql', maxPayload: BODY_LIMIT_BYTES });
  const shared = createSharedSubscriptions();
  const sharedExecution = options.sharedExecution ?? true;
  // A socket authenticates once, when it opens: when its session ends (sign-out, password change or
  // reset, a rejected application), on this instance or another, the socket is closed with 4401.
  const actors = new WeakMap<WebSocket, Actor>();
  const endedSessions = options.events.subscribe('sessions.ended');
  // The sessions of a storm's sockets are read in batches (one query per batch, lib/batch.ts).
  const lookupSessions = createBatchLoader(
    (tokens: string[]) => options.services.auth.actorsFromSessions(tokens),
    null,
  );
  const socketActors = createSocketActorCache({
    lookup: lookupSessions,
    events: options.events,
  });
  void (async () => {
    for await (const ended of endedSessions) {
      for (const socket of wss.clients) {
        if (isEndedSession(actors.get(socket) ?? null, ended)) socket.close(CloseCode.Unauthorized, 'Session ended');
      }
    }
  })().catch((error: unknown) => options.logger.error({ err: error }, 'closing the sockets of ended sessions failed'));
  // A revoked access token (on this instance or another) closes its sockets the same way.
  const revokedTokens = options.events.subscribe('accessTokens.revoked');
  void (async () => {
    for await (const revoked of revokedTokens) {
      for (const socket of wss.clients) {
        if (actors.get(socket)?.token?.id === revoked.tokenId)
          socket.close(CloseCode.Unauthorized, 'Access token revoked');
      }
    }
  })().catch((error: unknown) => options.logger.error({ err: error }, 'closing the sockets of revoked tokens failed'));

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
  async function authenticate(ctx: SocketContext<Record<string, unknown>, Extra & ConnectionExtra>): Promise<boolean> {
    const authorization = ctx.connectionParams?.authorization;
    if (authorization !== undefined) {
      // A token carries no ambient credential: no cross-site check, and the cookie is not read.
      const actor = await tokenActor(ctx.extra.socket, authorization);
      if (!actor) return false;
      ctx.extra.actor = actor;
      ctx.extra.sessionToken = null;
      actors.set(ctx.extra.socket, actor);
      return true;
    }
    // Cross-site WebSocket hijacking: a page on another site must not open a socket with our cookie.
    if (options.isCrossSite?.(ctx.extra.request.headers)) return false;
    const token = readSessionToken(ctx.extra.request.headers.cookie);
    ctx.extra.sessionToken = token;
    ctx.extra.actor = await socketActors.actorOf(token);
    if (ctx.extra.actor) actors.set(ctx.extra.socket, ctx.extra.actor);
    return true;
  }
  const disposable = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      execute: (args) => (args as EnvelopedArgs).rootValue.execute(args),
      subscribe: (args) => {
        const { subscribe, sharingKey } = (args as EnvelopedArgs).rootValue;
        // Event by event (subscription-events.ts); a start that fails gets Yoga's answer.
        const start = async () => (await subscriptionEvents(args, options.logger)) ?? subscribe(args);
        return sharingKey === null ? start() : shared.join(sharingKey, start);
      },
      onConnect: async (ctx) => {
        const request = ctx.extra.request;
        ctx.extra.ip = options.clientAddress?.(request) ?? request.socket.remoteAddress ?? '';
        const accepted = await authenticate(ctx);
        // graphql-ws types it read-only; the object is ours (use/ws builds one per socket).
        if (accepted) (ctx.extra as { request: IncomingMessage }).request = slimRequest(request, ctx.extra.ip);
        return accepted;
      },
      onSubscribe: async (ctx, _id, params) => {
        const tokenId = ctx.extra.actor?.token?.id;
        if (tokenId !== undefined && options.rateLimitToken) {
          try {
            await options.rateLimitToken(tokenId);
          } catch (error) {
            return [maskError(error, 'Unexpected error.') as GraphQLError];
          }
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = options.yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
        });
        // A syntax error or a limit (graphql-armor throws from parse and validate) is an error of this
        // operation, not a reason to drop the socket (graphql-ws closes it with 4500 when this throws).
        const asOperationError = (error: unknown) => {
          if ((error as Partial<GraphQLError>)?.name === 'GraphQLError') return [error as GraphQLError];
          throw error;
        };
        let document: ReturnType<typeof parse>;
        try {
          document = parse(params.query);
        } catch (error) {
          return asOperationError(error);
        }
        const args = {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: {
            ...(await contextFactory()),
            ...options.buildContext({
              actor: ctx.extra.actor ?? null,
              sessionToken: ctx.extra.sessionToken ?? null,
              request: {
                ip: ctx.extra.ip ?? '',
                userAgent: ctx.extra.request.headers['user-agent'],
              },
              cookies: null,
            }),
          } satisfies Context,
          rootValue: {
            execute,
            subscribe,
            sharingKey: sharedExecution ? sharedSubscriptionKey(params, ctx.extra.actor ?? null) : null,
          },
        };
        let errors: ReturnType<typeof validate>;
        try {
          errors = validate(args.schema, args.document);
        } catch (error) {
          return asOperationError(error);
        }
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
    options.keepAliveMs ?? 12_000,
  );
  return {
    wss,
    /** Says "going away" (1001) to every client and waits for them to close their end. */
    async close() {
      await endedSessions.return?.();
      await revokedTokens.return?.();
      await socketActors.close();
      await disposable.dispose();
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
