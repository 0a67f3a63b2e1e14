import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { createGraphQLError, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Context } from '../context';
import { assertMayWrite } from '../domain/actor';
import { CSRF_HEADERS, GRAPHQL_LIMITS, RATE_LIMITED_MUTATIONS } from '../http/limits';
import type { Security } from '../http/security';
import { DomainError, databaseInputError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { activeSubscriptions, graphqlOperations, operationLabel } from '../lib/metrics';

export interface YogaServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Domain errors keep their message and code; anything else is masked (and logged). Duck-typed rather
 * than instanceof GraphQLError: under some loaders graphql is loaded as two module copies.
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const graphqlError = error as Partial<GraphQLError> | undefined;
  const raw = graphqlError && 'originalError' in graphqlError ? graphqlError.originalError : error;
  const original = databaseInputError(raw) ?? raw;
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, ...original.details },
      path: graphqlError?.path,
      nodes: graphqlError?.nodes,
    });
  }
  if (graphqlError?.name === 'GraphQLError' && !graphqlError.originalError) return error as GraphQLError;
  // graphql-js wraps a scalar's own GraphQLError (e.g. "String cannot represent a non string value" while
  // coercing variables): that is the client's mistake, not an internal error.
  const inner = original as Partial<GraphQLError> | undefined;
  if (graphqlError?.name === 'GraphQLError' && inner?.name === 'GraphQLError' && !inner.originalError) {
    return new GraphQLError(graphqlError.message ?? 'Invalid input', {
      extensions: { code: 'BAD_USER_INPUT' },
      nodes: graphqlError.nodes,
    });
  }
  return new GraphQLError(isDev && error instanceof Error ? error.message : message, {
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/** { code, message } of an error the client caused (a 4xx), or null for an internal error. */
function clientErrorSummary(error: unknown): { code: string; message: string } | null {
  const masked = maskError(error, 'Unexpected error.') as GraphQLError;
  const code = masked.extensions?.code;
  if (typeof code !== 'string' || code === 'INTERNAL_SERVER_ERROR') return null;
  return { code, message: masked.message };
}

/** The graphql-armor protections with our numbers; field suggestions are hidden in production. */
function armorPlugins(isProduction: boolean) {
  return new EnvelopArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    blockFieldSuggestion: { enabled: isProduction },
  }).protect().plugins as Plugin[];
}

export const SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY =
  'Subscriptions are served over the WebSocket only: connect with graphql-ws to /graphql';

/**
 * CSRF prevention (as Yoga's csrf-prevention plugin does): a request a browser could send cross-site
 * without a preflight (GET, or a form content type) must carry one of CSRF_HEADERS. The web client
 * posts application/json, which always needs a preflight. Multipart is refused outright: the schema has
 * no Upload scalar (files go through REST), and Yoga would buffer such a body whole.
 */
function requestGuardPlugin(): Plugin {
  return {
    // Subscriptions are served over the WebSocket only: there a socket is closed (4401) when its session
    // ends, and one kind of long-lived connection has one set of limits. Over HTTP (SSE, or a plain POST)
    // a subscription is refused before it starts. Only reached over HTTP (graphql/ws.ts skips it).
    onParams({ params }) {
      if (typeof params.query !== 'string' || !params.query.includes('subscription')) return;
      let operation: OperationDefinitionNode | null | undefined;
      try {
        operation = getOperationAST(parse(params.query), params.operationName);
      } catch {
        return; // a syntax error is reported by the normal parse
      }
      if (operation?.operation === 'subscription') {
        throw createGraphQLError(SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY, {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      }
    },
    onRequestParse({ request }) {
      if (request.method === 'OPTIONS') return;
      const mime = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (mime === 'multipart/form-data') {
        throw createGraphQLError('Multipart requests are not accepted here; upload files through /api', {
          extensions: { code: 'UNSUPPORTED_MEDIA_TYPE', http: { status: 415 } },
        });
      }
      const simple = mime === '' || mime === 'text/plain' || mime === 'application/x-www-form-urlencoded';
      if (simple && !CSRF_HEADERS.some((header) => request.headers.has(header))) {
        throw createGraphQLError(
          `Required CSRF header not present: send Content-Type application/json or the ${CSRF_HEADERS[0]} header`,
          { extensions: { code: 'BAD_REQUEST', http: { status: 403 } } },
        );
      }
    },
  };
}

const rootFields = (operation: OperationDefinitionNode) =>
  operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));

/**
 * The rate limits of http/limits.ts for mutations (HTTP and WebSocket alike), the refusal of mutations by
 * a read-only access token (domain/actor.ts assertMayWrite), and operation metrics. Runs at execution,
 * after parsing and validation, so it sees the real operation and root fields.
 */
function operationsPlugin(security: Pick<Security, 'rateLimit'> | undefined): Plugin<Context> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'unknown';
      const name = operationLabel(operation?.name?.value ?? args.operationName);
      if (operation?.operation === 'mutation') {
        const buckets = new Set(rootFields(operation).flatMap((field) => RATE_LIMITED_MUTATIONS[field] ?? []));
        try {
          assertMayWrite(args.contextValue.actor);
          for (const bucket of buckets) await security?.rateLimit(bucket, { ip: args.contextValue.request.ip });
        } catch (error) {
          graphqlOperations.inc({ name, type, result: 'error' });
          setResultAndStopExecution({ errors: [maskError(error, 'Unexpected error.')] });
          return;
        }
      }
      return {
        onExecuteDone({ result }) {
          const errors = 'errors' in result && !!result.errors?.length;
          graphqlOperations.inc({ name, type, result: errors ? 'error' : 'ok' });
        },
      };
    },
    onSubscribe({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = operationLabel(operation?.name?.value ?? args.operationName);
      return {
        onSubscribeResult({ result }) {
          if (!(Symbol.asyncIterator in result)) {
            graphqlOperations.inc({ name, type: 'subscription', result: 'error' });
            return;
          }
          graphqlOperations.inc({ name, type: 'subscription', result: 'ok' });
          activeSubscriptions.inc();
          return { onEnd: () => activeSubscriptions.dec() };
        },
      };
    },
  };
}

export function createYogaServer(options: {
  schema: GraphQLSchema;
  logger: Logger;
  graphiql: boolean;
  isProduction: boolean;
  security?: Pick<Security, 'rateLimit'>;
  context: (source: YogaServerContext) => Promise<Context>;
}): YogaServerInstance<YogaServerContext, Context> {
  return createYoga<YogaServerContext, Context>({
    schema: options.schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql ? { subscriptionsProtocol: 'WS' } : false,
    landingPage: false,
    // Same origin only: the web client is served by this server (or proxied to it by Vite).
    cors: false,
    plugins: [
      requestGuardPlugin(),
      ...armorPlugins(options.isProduction),
      // Introspection goes with GraphiQL: off in production unless GRAPHIQL=true.
      ...(options.graphiql
        ? []
        : [
            {
              onValidate({ addValidationRule }) {
                addValidationRule(NoSchemaIntrospectionCustomRule);
              },
            } satisfies Plugin,
          ]),
      operationsPlugin(options.security),
    ],
    logging: {
      debug: (...args) => options.logger.debug(args),
      info: (...args) => options.logger.info(args),
      warn: (...args) => options.logger.warn(args),
      // Yoga logs every error it masks, our domain errors included (a 403 is not a server fault): client
      // errors are logged at info, only internal ones (already logged with their stack below) at error.
      error: (...args) => {
        const clientErrors = args.map(clientErrorSummary);
        if (clientErrors.every((summary) => summary !== null))
          options.logger.info({ errors: clientErrors }, 'graphql client error');
        else options.logger.error(args);
      },
    },
    maskedErrors: {
      maskError: (error, message) => {
        const masked = maskError(error, message, !options.isProduction);
        if ((masked as GraphQLError).extensions?.code === 'INTERNAL_SERVER_ERROR') {
          options.logger.error({ err: error }, 'graphql error');
        }
        return masked;
      },
    },
    context: ({ req, reply }) => options.context({ req, reply }),
  });
}
