import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

// A REST route declares its contract once (docs/architecture.md rule 15): one object beside the route
// names its path and query parameters, its request body (the very zod schema the service parses), every
// status it answers and the zod schema of each answer's body. `defineRoute` registers the route with
// fastify carrying that object, and rest/openapi.ts prints the OpenAPI document from the contracts of
// the routes that were actually registered, so the document cannot list a route that does not exist nor
// describe a body other than the one the service validates. A handler's answer is typed by the
// contract's success schemas (z.infer), so a view that changes shape breaks typecheck; the property
// test (test/openapi.fuzz.test.ts) checks the running answers against the document.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone, a signed-in caller (session cookie or personal access token), a caller signed
 * in through the browser session only (managing tokens), or Stripe.
 */
export type Access = 'public' | 'signed-in' | 'session' | 'webhook';

/** One documented answer: a JSON body with its schema, a file of some media type, or nothing. */
export type ResponseContract =
  | { description: string; json: z.ZodType }
  | { description: string; file: string[] }
  | { description: string; empty: true };

/** Error statuses a route may answer (each with the error body), beyond those every route of its kind has. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 503;

export interface RouteContract {
  method: HttpMethod;
  /** fastify's pattern: `/api/cases/:id`. */
  url: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters, each a string in the URL (what the service accepts is said in its description). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * The request body: `json` and/or `multipart` (text fields as form fields, files as parts). The schema
   * is the one the service parses after its permission check (rule 3), so the door does not parse it
   * again: a caller who may not call the route is refused before being told what is wrong with the body.
   */
  body?: { json?: z.ZodType; multipart?: z.ZodType; required?: boolean; description?: string };
  /** Success answers by status. */
  responses: Partial<Record<200 | 201 | 204 | 206, ResponseContract>>;
  /** Error answers, each with the error body. 400 (any input), 413/415 (bodies), 401 (signed-in), 403 (writes) and 429 (rate-limited paths) are added where they apply. */
  errors?: ErrorStatus[];
}

/** The error body of every refusal: the message to show, a code, and for bad input every field's issue. */
export const errorBodySchema = z
  .object({
    message: z.string().describe('What to tell the person, in the product’s words.'),
    code: z
      .string()
      .describe(
        'BAD_USER_INPUT, BAD_REQUEST, UNAUTHENTICATED, FORBIDDEN, READ_ONLY_TOKEN, NOT_FOUND, CONFLICT, PAYMENT_FAILED, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE or RATE_LIMITED.',
      ),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Bad input: every issue, the first being `message`.'),
    retryAfterSeconds: z.number().optional().describe('Rate limited: when to try again (also the Retry-After header).'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' });

export const messageBodySchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/** Path parameter of a case: its uuid or its numeric id. */
export const caseRef = z.string().describe('The case’s uuid (or its numeric id).');
export const numericId = (what: string) => z.string().describe(`The ${what}’s numeric id.`);

/** A file part in a multipart body. */
export const filePart = z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream' });

/** A multipart body: the service's fields (sent as form fields, objects as JSON text) plus file parts. */
export function multipartOf(fields: z.ZodType, files: Record<string, string>): z.ZodType {
  const parts = Object.fromEntries(
    Object.entries(files).map(([name, description]) => [name, z.array(filePart).optional().describe(description)]),
  );
  // A refined object (the consult's routing choice) cannot be extended in zod 4: its shape is printed
  // beside the file parts (this schema documents the body; the service parses with the refined one).
  return fields instanceof z.ZodObject ? z.object({ ...fields.shape, ...parts }) : z.object(parts);
}

// --- typing the handler by its contract ----------------------------------------------------------------

type SuccessBody<C extends RouteContract> = {
  [S in keyof C['responses']]: C['responses'][S] extends { json: infer Z extends z.ZodType } ? z.infer<Z> : never;
}[keyof C['responses']];

type Strings<O> = O extends z.ZodObject ? { [K in keyof z.infer<O>]: string } : Record<string, never>;
type OptionalStrings<O> = O extends z.ZodObject ? { [K in keyof z.infer<O>]?: string } : Record<string, never>;

export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Strings<C['params']>;
  Querystring: OptionalStrings<C['query']>;
}>;

/** A JSON answer is returned (typed by the contract); files and statuses other than 200 go through `reply`. */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<SuccessBody<C> | FastifyReply>;

/** Compile-time check that a view's type and its schema's type have the same fields and types. */
export type SameShape<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract (rest/contract.ts): documented in /api/openapi.json. */
    contract?: RouteContract;
  }
}

/** Registers a route with its contract (read by the OpenAPI document and by the JSON body parser). */
export function defineRoute<const C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  options: Pick<RouteShorthandOptions, 'preHandler'> = {},
) {
  app.route({
    method: contract.method,
    url: contract.url,
    config: { contract },
    ...options,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** Whether a route needs a request body (routes without a contract, such as /graphql, are taken to). */
export function needsBody(request: FastifyRequest): boolean {
  const contract = request.routeOptions.config?.contract;
  return contract === undefined || (contract.body !== undefined && contract.body.required !== false);
}

/**
 * fastify's JSON parser, except that an empty body with `Content-Type: application/json` (what many
 * HTTP clients send with DELETE or PUT) is no body on a route that needs none, instead of a 400.
 * Register on the root app before any route.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && !needsBody(request)) return done(null, undefined);
    return parse(request, String(body), done);
  });
}
