import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { schemaValidators } from './helpers/openapi';
import { restRoutes } from './helpers/routes';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 20: the OpenAPI document of the REST door. Every route fastify has under /api is in the document
// and every documented operation exists (the route table is read from fastify itself, not from the
// contracts); the document is valid OpenAPI 3.1 and every schema in it compiles as JSON Schema 2020-12.
// The reference page is served from this server alone. An empty JSON body on a bodiless route is no body.

let server: TestServer;
let vet: User;
let document: any;

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  document = (await new TestClient(server.url).get('/api/openapi.json')).body;
});
afterAll(async () => {
  await server?.close();
});

/** `/api/cases/:id` and `/api/cases/{id}` alike, whatever the parameter's name. */
const shape = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:\w+/g, '{}').replace(/\{\w+\}/g, '{}')}`;

function documented(): string[] {
  return Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => shape(method, path)),
  );
}

describe('OpenAPI document', () => {
  it('lists every registered /api route, and no route that is not registered', () => {
    const registered = restRoutes(server.app.printRoutes({ commonPrefix: false })).map((r) => shape(r.method, r.path));
    expect(registered.length).toBeGreaterThan(50);
    const inDocument = documented();
    expect(
      registered.filter((route) => !inDocument.includes(route)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      inDocument.filter((route) => !registered.includes(route)),
      'documented but not registered',
    ).toEqual([]);
    expect(new Set(inDocument).size).toBe(inDocument.length);
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result, null, 1).slice(0, 2000)).toBe(true);
  });

  it('has schemas that compile as JSON Schema 2020-12, and the error body on every refusal', () => {
    for (const [name, schema] of Object.entries(document.components.schemas as Record<string, any>)) {
      expect(schema.type, `components.schemas.${name} is a schema, not a reference`).toBe('object');
    }
    const { validator } = schemaValidators(document);
    let compiled = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          if (Number(status) >= 400) {
            expect(response.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({
              $ref: '#/components/schemas/Error',
            });
          }
          if (!response.content?.['application/json']) continue;
          expect(validator(response.content['application/json'].schema), `${method} ${path} ${status}`).toBeTypeOf(
            'function',
          );
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });

  it('describes both ways of signing in, and which operations need one', () => {
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'vc_session' },
      accessToken: { type: 'http', scheme: 'bearer' },
    });
    expect(document.paths['/api/cases'].get.security).toEqual([{ sessionCookie: [] }, { accessToken: [] }]);
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
  });

  it('documents request bodies with the schemas the services parse (JSON and multipart)', () => {
    const login = document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login).toMatchObject({ type: 'object', required: ['username', 'password'] });
    const consult = document.paths['/api/cases'].post.requestBody.content;
    expect(Object.keys(consult).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(consult['multipart/form-data'].schema.properties.files).toMatchObject({ type: 'array' });
    expect(consult['application/json'].schema.required).toContain('patientName');
  });
});

describe('the reference page', () => {
  it('is served with its assets from this server, under the app’s CSP', async () => {
    const client = new TestClient(server.url);
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/'), source).toBe(true);
      const asset = await client.get(source);
      expect(asset.status, source).toBe(200);
    }
    expect((await client.get('/api/docs/package.json')).status).toBe(404);
  });
});

describe('an empty JSON body', () => {
  it('is no body on a route that takes none (DELETE, and POST without a body)', async () => {
    const client = await signedInClient(server.url, vet);
    const draft = await client.post('/api/consults/drafts', { patientName: 'Rex' });
    expect(draft.status).toBe(201);
    const headers = { 'content-type': 'application/json' };
    const deleted = await client.request('DELETE', `/api/consults/drafts/${draft.body.uuid}`, '', headers);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.message).toBe('The draft consultation has been deleted successfully.');
    const onboarded = await client.request('POST', '/api/profile/onboarding-complete', '', headers);
    expect(onboarded.status).toBe(200);
  });

  it('is still refused where a body is needed, and malformed JSON is still a 400', async () => {
    const client = new TestClient(server.url);
    const headers = { 'content-type': 'application/json' };
    const login = await client.request('POST', '/api/auth/login', '', headers);
    expect(login.status).toBe(400);
    expect(login.body.message).toMatch(/Body cannot be empty/);
    const malformed = await client.request('POST', '/api/auth/login', '{"username":', headers);
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Malformed JSON body' } });
  });
});
