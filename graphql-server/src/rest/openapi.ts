import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RATE_LIMITED_ROUTES } from '../http/limits';
import { SESSION_COOKIE } from '../http/session';
import { notFound } from '../lib/errors';
import { type Access, defineRoute, type ErrorStatus, errorBodySchema, type RouteContract } from './contract';

// The OpenAPI 3.1 document of the REST door, printed from the contracts of the routes registered on
// this app (rest/contract.ts), and its interactive reference: Swagger UI, served from node_modules
// through this server (no CDN; its scripts are 'self' under the app's CSP).

type JsonSchema = Record<string, unknown>;

const ERROR_TEXTS: Record<ErrorStatus, string> = {
  400: 'Bad input: `message` is the first issue, `errors` lists every field’s.',
  401: 'Not signed in (no session, or it ended).',
  402: 'The payment failed.',
  403: 'Not allowed for this caller, or a cross-site write.',
  404: 'No such row, or not one the caller may see.',
  409: 'The row is not in a state that allows this (or a draft was saved elsewhere).',
  413: 'The body or a file is too large.',
  415: 'A file type that is not allowed.',
  416: 'The asked range lies past the end of the file.',
  429: 'Too many requests: try again after `retryAfterSeconds`.',
  503: 'Not ready yet (being rendered): try again shortly.',
};

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/** Every error status a route may answer: its own plus those of its kind. */
export function errorStatuses(contract: RouteContract): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(contract.errors ?? []);
  // Parameters and bodies are input: a value the service refuses (or the database cannot hold, NUL) is a 400.
  if (contract.body || contract.params || contract.query) statuses.add(400);
  if (contract.body) for (const status of [413, 415] as const) statuses.add(status);
  if (contract.access === 'signed-in' || contract.access === 'session') statuses.add(401);
  if (WRITES.has(contract.method) && contract.access !== 'webhook') statuses.add(403);
  if (RATE_LIMITED_ROUTES[`${contract.method} ${contract.url}`]) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  webhook: [],
  'signed-in': [{ sessionCookie: [] }, { accessToken: [] }],
  session: [{ sessionCookie: [] }],
};

/** `/api/cases/:id` → `/api/cases/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect); named schemas (`.meta({ id })`) go to components. */
class SchemaPrinter {
  readonly components: Record<string, JsonSchema> = {};

  print(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const id = z.globalRegistry.get(schema)?.id;
    const printed = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      // Refinements and preprocessing (text to number, JSON text) are the service's; the document
      // describes the value a client sends.
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $schema: _dialect, $defs, ...rest } = printed;
    for (const [name, definition] of Object.entries($defs ?? {})) this.components[name] = this.refs(definition);
    const body = this.refs(rest);
    if (!id) return body;
    // A named schema printed on its own comes back either inline or as a $ref to its own $defs entry.
    if (!$defs?.[id]) {
      const { id: _id, ...definition } = body;
      this.components[id] = definition;
    }
    return { $ref: `#/components/schemas/${id}` };
  }

  private refs<T>(value: T): T {
    return JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
  }
}

function parameters(printer: SchemaPrinter, contract: RouteContract) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', contract.params],
    ['query', contract.query],
  ] as const) {
    if (!schema) continue;
    const printed = printer.print(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(printed.properties ?? {})) {
      const { description, ...propertySchema } = property;
      list.push({
        name,
        in: where,
        required: where === 'path' || (printed.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return list;
}

function operation(printer: SchemaPrinter, contract: RouteContract) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    if (!answer) continue;
    responses[status] =
      'json' in answer
        ? {
            description: answer.description,
            content: { 'application/json': { schema: printer.print(answer.json, 'output') } },
          }
        : 'file' in answer
          ? {
              description: answer.description,
              content: Object.fromEntries(
                answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
              ),
            }
          : { description: answer.description };
  }
  const error = printer.print(errorBodySchema, 'output');
  for (const status of errorStatuses(contract)) {
    responses[String(status)] = {
      description: ERROR_TEXTS[status],
      content: { 'application/json': { schema: error } },
    };
  }
  const content: Record<string, unknown> = {};
  if (contract.body?.json) content['application/json'] = { schema: printer.print(contract.body.json, 'input') };
  if (contract.body?.multipart)
    content['multipart/form-data'] = { schema: printer.print(contract.body.multipart, 'input') };
  const params = parameters(printer, contract);
  return {
    operationId: operationId(contract),
    tags: [contract.tag],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    security: SECURITY[contract.access],
    ...(params.length ? { parameters: params } : {}),
    ...(contract.body
      ? {
          requestBody: {
            required: contract.body.required ?? true,
            ...(contract.body.description ? { description: contract.body.description } : {}),
            content,
          },
        }
      : {}),
    responses,
  };
}

/** `GET /api/cases/:id/files` → `getCasesIdFiles`. */
function operationId(contract: RouteContract): string {
  const words = contract.url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return contract.method.toLowerCase() + words.map((word) => (word[0] ?? '').toUpperCase() + word.slice(1)).join('');
}

/** The OpenAPI 3.1 document of these routes. */
export function openApiDocument(contracts: RouteContract[]) {
  const printer = new SchemaPrinter();
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...contracts].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const contract of sorted) {
    const path = openApiPath(contract.url);
    paths[path] ??= {};
    paths[path][contract.method.toLowerCase()] = operation(printer, contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'VetConsult REST API',
      version: '1.0.0',
      description:
        'The REST door of VetConsult (GraphQL at /graphql does the same through the same services). Signed-in calls send the session cookie set by `POST /api/auth/login`, or a personal access token as `Authorization: Bearer vcpat_…`. Every refusal is JSON `{ message, code, … }`.',
    },
    tags: [...new Set(sorted.map((contract) => contract.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(printer.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie of `POST /api/auth/login` (httpOnly, SameSite=Lax).',
        },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token (`vcpat_…`), created in Settings → API access or with `POST /api/profile/tokens`. With this header any route may answer 401 (an unknown, revoked or expired token) or 429 (the token’s own rate limit); a read-only token gets 403 `READ_ONLY_TOKEN` on every write.',
        },
      },
    },
  };
}

// --- serving it --------------------------------------------------------------------------------------

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'docs.js': 'text/javascript; charset=utf-8',
} as const;
type Asset = keyof typeof ASSETS;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>VetConsult REST API</title>
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/docs.js"></script>
  </body>
</html>
`;

// The page's own script (a file, not inline, so the CSP needs no exception).
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
});
`;

/**
 * Collects the contract of every route registered after it (call before the REST routes), and serves
 * the document at /api/openapi.json and Swagger UI at /api/docs.
 */
export function registerApiDocs(app: FastifyInstance) {
  const contracts: RouteContract[] = [];
  app.addHook('onRoute', (route) => {
    const contract = route.config?.contract;
    if (contract) contracts.push(contract);
  });
  let document: ReturnType<typeof openApiDocument> | undefined;
  const tag = 'Reference';

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/openapi.json',
      tag,
      summary: 'This document',
      access: 'public',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 document of every /api route.',
          json: z.object({ openapi: z.string() }).catchall(z.unknown()),
        },
      },
    },
    async () => {
      document ??= openApiDocument(contracts);
      return document;
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/docs',
      tag,
      summary: 'The interactive reference (Swagger UI)',
      access: 'public',
      responses: { 200: { description: 'An HTML page.', file: ['text/html'] } },
    },
    async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(PAGE),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/docs/:asset',
      tag,
      summary: 'The reference page’s scripts and styles',
      access: 'public',
      params: z.object({ asset: z.enum(Object.keys(ASSETS) as [Asset, ...Asset[]]) }),
      responses: {
        200: { description: 'The file.', file: [...new Set(Object.values(ASSETS))] },
      },
      errors: [404],
    },
    async (request, reply) => {
      const asset = request.params.asset as Asset;
      if (!Object.hasOwn(ASSETS, asset)) throw notFound('No such file');
      reply.header('content-type', ASSETS[asset]).header('cache-control', 'public, max-age=3600');
      if (asset === 'docs.js') return reply.send(INIT);
      return reply.send(createReadStream(join(SWAGGER_UI, asset)));
    },
  );
}
