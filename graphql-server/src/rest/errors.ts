import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, databaseInputError, HTTP_STATUS } from '../lib/errors';

// The one place where REST turns errors into statuses: domain errors keep their message (the spec's
// words) and details; fastify's own 4xx (bad JSON, body too large) keep theirs; anything else is a
// 500 with a generic body, logged with its stack.

const FASTIFY_CODES: Record<number, string> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    // Errors raised before Yoga runs (body too large, malformed JSON, cross-site, rate limit) reach
    // GraphQL clients in GraphQL's shape, with the same status and code as over REST.
    const send = (status: number, body: { message: string; code: string } & Record<string, unknown>) => {
      if (typeof body.retryAfterSeconds === 'number') reply.header('retry-after', String(body.retryAfterSeconds));
      // Refused before its body was read (rate limit, cross-site, too large): close the connection
      // rather than keep it alive while the client may still be sending megabytes nobody will read.
      if (!request.raw.complete) reply.header('connection', 'close');
      if (!request.url.startsWith('/graphql')) return reply.status(status).send(body);
      const { message, ...extensions } = body;
      return reply.status(status).send({ errors: [{ message, extensions }] });
    };
    const refused = databaseInputError(error);
    if (refused) {
      request.log.warn({ err: error }, 'the database refused a value the schemas let through');
      error = refused;
    }
    if (error instanceof DomainError) {
      return send(HTTP_STATUS[error.code], { message: error.message, code: error.code, ...error.details });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = 'code' in error ? error.code : undefined;
      const message =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'Malformed JSON body'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.message;
      return send(status, { message, code: FASTIFY_CODES[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
