import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Config, loadConfig } from './config';
import { createContextBuilder } from './context';
import { type Actor, assertMayWrite } from './domain/actor';
import { schema } from './graphql/schema';
import { attachGraphqlWs } from './graphql/ws';
import { createYogaServer } from './graphql/yoga';
import { clientAddress, trustFunction } from './http/client-address';
import { BODY_LIMIT_BYTES } from './http/limits';
import { registerMetricsEndpoint } from './http/metrics-endpoint';
import { registerSecurity } from './http/security';
import { cookieWriter, readBearerToken, readSessionToken, requestInfo } from './http/session';
import type { Database } from './lib/db';
import { createInFlight } from './lib/in-flight';
import type { Logger } from './lib/logger';
import { httpRequestSeconds, httpRequests } from './lib/metrics';
import { registerAccessTokenRoutes } from './rest/access-tokens.routes';
import { registerAuthRoutes } from './rest/auth.routes';
import { registerCaseRoutes } from './rest/cases.routes';
import { acceptEmptyJsonBody } from './rest/contract';
import { registerErrorHandler } from './rest/errors';
import { registerHealthRoutes } from './rest/health.routes';
import { registerMessageRoutes } from './rest/messages.routes';
import { registerNotificationRoutes } from './rest/notifications.routes';
import { registerApiDocs } from './rest/openapi';
import { registerOperationsRoutes } from './rest/operations.routes';
import { registerPaymentRoutes } from './rest/payments.routes';
import { registerPeopleRoutes } from './rest/people.routes';
import { registerPushRoutes } from './rest/push.routes';
import { registerReportRoutes } from './rest/reports.routes';
import { openRuntime } from './runtime';
import { seedIfEmpty } from './scripts/seed-data';
import { registerCompression, registerWebClient } from './serve-web';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved from the access token or the session cookie before any /api or /graphql handler runs. */
    actor: Actor | null;
    sessionToken: string | null;
  }
}

export interface App {
  app: FastifyInstance;
  config: Config;
  database: Database;
  services: Services;
  logger: Logger;
  close(): Promise<void>;
}

const WEB_DIST = join(import.meta.dirname, '../../web/dist');
/** REST methods a read-only access token may use. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole server (database, services, GraphQL over HTTP and WebSocket, REST, web) without listening. */
export async function buildApp(overrides: Partial<Config> = {}): Promise<App> {
  // The database, services, event bus, render pool and the rest, as `npm run worker` has them (runtime.ts).
  const runtime = await openRuntime({ ...loadConfig(), ...overrides });
  const { config, logger, database, services, events, transport } = runtime;
  const { db } = database;
  // Every request and socket looks its session up: its statement is compiled before the first arrives.
  await services.auth.prepareSessionLookup();
  if (config.seedOnEmpty) await seedIfEmpty(db, config, logger);
  // Issue 14: the durable job queue runs here unless JOBS_IN_PROCESS=false (then `npm run worker` runs it).
  if (config.jobs.inProcess) runtime.startJobs();
  // Reports a previous process scheduled but did not render (it stopped in between).
  void services.reports.runner
    .resumePending()
    .catch((error) => logger.warn({ err: error }, 'could not resume pending reports'));

  // X-Forwarded-* are believed only from the proxies of TRUST_PROXY; the WebSocket uses the same rule.
  const trust = trustFunction(config.trustProxy);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trust,
    // Request ids: the proxy's X-Request-Id when it is a sane token, else a new UUID; every log line of
    // the request carries it as reqId, and the response echoes it.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
    },
  });
  // Graceful shutdown waits for handlers, not only connections (lib/in-flight.ts): a handler is running
  // from the first preHandler hook until its reply is made (onSend, which runs even when the client has
  // gone; onResponse does not), or failing that until the response is done. Not from onRequest: a
  // request whose client left before its body was read never gets that far (fastify waits on the ended
  // stream for good), and counting it held shutdown until it was killed.
  const inFlight = createInFlight();
  const handlerEnds = new WeakMap<FastifyRequest, () => void>();
  const handlerEnded = (request: FastifyRequest) => handlerEnds.get(request)?.();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preHandler', async (request) => {
    handlerEnds.set(request, inFlight.begin());
  });
  // Responses finished while closing end their keep-alive connection, so close() does not wait on clients
  // that would otherwise keep an idle connection open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    handlerEnded(request);
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    handlerEnded(request);
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpRequestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  const security = await registerSecurity(app, {
    publicUrl: config.publicUrl,
    allowedOrigins: config.allowedOrigins,
    rateLimits: config.rateLimits,
    redisUrl: config.redisUrl,
    indexHtmlPath: join(WEB_DIST, 'index.html'),
    graphiql: config.graphiql,
  });
  await registerCompression(app);
  await app.register(fastifyCookie);
  acceptEmptyJsonBody(app);
  // One multipart parser for the app: REST uploads and GraphQL multipart requests both use it.
  await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024, files: 10, fields: 100 } });
  registerErrorHandler(app);

  const secureCookies = config.publicUrl.startsWith('https://');
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/graphql')) return;
    // `Authorization: Bearer <personal access token>` decides alone: a bad one is a 401 even beside a
    // valid cookie. Read-only tokens are refused every REST write here and every GraphQL mutation in
    // graphql/yoga.ts (one rule: domain/actor.ts assertMayWrite).
    const bearer = readBearerToken(request.headers.authorization);
    if (bearer !== null) {
      const actor = await services.accessTokens.actorFromAccessToken(bearer);
      request.actor = actor;
      await security.rateLimitToken(actor.token?.id ?? 0);
      if (request.url.startsWith('/api/') && !READ_METHODS.has(request.method)) assertMayWrite(actor);
      return;
    }
    request.sessionToken = readSessionToken(request.headers.cookie);
    request.actor = await services.auth.actorFromSession(request.sessionToken);
  });

  const buildContext = createContextBuilder({ db, services, events });
  const yoga = createYogaServer({
    schema,
    logger,
    graphiql: config.graphiql,
    isProduction: config.isProduction,
    security,
    context: async ({ req, reply }) =>
      buildContext({
        actor: req.actor,
        sessionToken: req.sessionToken,
        request: requestInfo(req),
        cookies: cookieWriter(reply, secureCookies),
      }),
  });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: (req, reply) => yoga.handleNodeRequestAndResponse(req, reply, { req, reply }),
  });
  const ws = attachGraphqlWs({
    server: app.server,
    yoga,
    buildContext,
    services,
    events,
    logger,
    isCrossSite: security.isCrossSite,
    rateLimitToken: security.rateLimitToken,
    clientAddress: (request) => clientAddress(request, trust),
    isProduction: config.isProduction,
    inFlight,
    ...config.webSocket,
  });

  registerHealthRoutes(app, { db, transport });
  // Scraped by Prometheus: its own port (METRICS_PORT) or a token (METRICS_TOKEN); open only outside production.
  registerMetricsEndpoint(app, { ...config.metrics, host: config.host });
  await app.register(async (api) => {
    registerApiDocs(api); // first: it collects the contracts of the routes below for /api/openapi.json
    registerAuthRoutes(api, { services, secureCookies });
    registerPaymentRoutes(api, { services });
    registerPeopleRoutes(api, { services });
    registerCaseRoutes(api, { services });
    registerReportRoutes(api, { services });
    registerMessageRoutes(api, { services });
    registerAccessTokenRoutes(api, { services });
    registerOperationsRoutes(api, { services });
    registerPushRoutes(api, { services });
    registerNotificationRoutes(api, { services });
  });

  if (existsSync(WEB_DIST)) await registerWebClient(app, WEB_DIST);

  return {
    app,
    config,
    database,
    services,
    logger,
    async close() {
      // A client that never finishes its request or never answers the WebSocket close handshake
      // (ws waits 30 s by default) must not hold the shutdown: after the grace period it is cut.
      const deadline = setTimeout(() => {
        logger.warn('shutdown grace period over; closing the remaining connections');
        ws.terminate();
        app.server.closeAllConnections();
      }, config.shutdownGraceMs);
      try {
        await ws.close();
        await app.close();
      } finally {
        clearTimeout(deadline);
      }
      // The connections are closed; handlers whose clients left may still be writing.
      if (inFlight.size > 0) logger.info(`shutdown: waiting for ${inFlight.size} request(s) still being handled`);
      await inFlight.settled();
      await runtime.close();
    },
  };
}
