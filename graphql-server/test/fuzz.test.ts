import fc from 'fast-check';
import { type GraphQLArgument, type GraphQLField, getNamedType, isLeafType, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import { schema } from '../src/graphql/schema';
import { createCase } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, signedInClient } from './helpers/factories';
import { type RestRoute, restRoutes } from './helpers/routes';
import { startTestServer, type TestServer } from './helpers/server';

// Bad input through every door. For every REST route (read from the running app's route table) and
// every GraphQL mutation (read from the schema), fast-check generates malformed requests: wrong types,
// huge and odd unicode strings, missing and extra fields, malformed JSON, odd path parameters. The
// answer must be a 4xx or a GraphQL error, never a 500, and the main tables must keep their row counts:
// for anonymous callers and wrong-role callers with any input, for the owner with invalid input.
// Fixed seed, bounded runs: the same requests every time.

const SEED = 20260517;
// Signing out is what these do, whatever the input: the signed-in callers would lose their session.
const SIGN_OUT_ROUTES = new Set(['POST /api/auth/logout']);
const SIGN_OUT_MUTATIONS = new Set(['logout']);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let server: TestServer;
// Files run in parallel on one database (PostgreSQL): the fuzz gets its own, so counts are its own.
let ownDatabase: TestDatabase | undefined;
let vet: User;
let clients: Record<'anonymous' | 'unapprovedSpecialist' | 'vet', TestClient>;
let caseUuid: string;

beforeAll(async () => {
  ownDatabase = await fileDatabase();
  server = await startTestServer({ databaseUrl: ownDatabase.url });
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' });
  const specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  const unapproved = await createUser(db, { role: 'SPECIALIST', approved: false });
  caseUuid = (await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' })).uuid;
  clients = {
    anonymous: new TestClient(server.url),
    unapprovedSpecialist: await signedInClient(server.url, unapproved),
    vet: await signedInClient(server.url, vet),
  };
});
afterAll(async () => {
  await server?.close();
  await ownDatabase?.drop();
});

const TABLES = [
  'users',
  'sessions',
  'password_reset_tokens',
  'cases',
  'case_files',
  'availability',
  'specialist_questions',
  'promotion_codes',
  'payments',
  'webhook_events',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const db = server.database.db;
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "${table}"`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

// --- the route table ----------------------------------------------------------------------------------

// --- generators -------------------------------------------------------------------------------------

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', '\u0000', '😀'.repeat(50), 'null', 'undefined', '-1', '1e309'),
  fc.integer({ min: 2000, max: 20000 }).map((n) => 'x'.repeat(n)),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const knownField = fc.constantFrom(
  'username',
  'password',
  'email',
  'name',
  'role',
  'specialty',
  'patientName',
  'clinicalSigns',
  'caseId',
  'uuid',
  'version',
  'type',
  'couponCode',
  'paymentIntentId',
  'cardNumber',
  'dayOfWeek',
  'startTime',
  'endTime',
  'questionText',
  'required',
  'specialistId',
  'summary',
  'token',
  'newPassword',
  'timezone',
  'formData',
);
const anyBody = fc.oneof(
  fc.dictionary(fc.oneof(knownField, fc.string({ maxLength: 10 })), fc.oneof(oddString, anyJson), { maxKeys: 8 }),
  anyJson,
  fc.constant(undefined),
);
/** Invalid for every schema: not an object, or known fields with values of no accepted type. */
const invalidBody = fc.oneof(
  fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null), oddString),
  // patientName is always there, wrong: a draft (where every field is optional) is invalid too.
  fc
    .dictionary(knownField, fc.array(fc.boolean(), { minLength: 2, maxLength: 3 }), { minKeys: 1, maxKeys: 5 })
    .map((fields) => ({ ...fields, patientName: [true, false] })),
);
const malformedJson = fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'nul', '\u0000', '{"__proto__":{"x":1}}');
const pathParam = fc.oneof(
  oddString,
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', '2147483648', 'NaN', caseUuidPlaceholder()),
);
function caseUuidPlaceholder() {
  return '{case}';
}
const queryString = fc.dictionary(
  fc.constantFrom('userId', 'role', 'specialty', 'status', 'search', 'first', 'after', 'approved', 'specialistId'),
  oddString,
  { maxKeys: 4 },
);

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/:\w+/g, () => {
    const value = values[i++ % Math.max(values.length, 1)] ?? '';
    return encodeURIComponent(value === '{case}' ? caseUuid : value);
  });
}

type Input = { kind: 'json'; body: unknown } | { kind: 'raw'; text: string };

async function send(
  client: TestClient,
  route: RestRoute,
  params: string[],
  query: Record<string, string>,
  input: Input,
) {
  const search = new URLSearchParams(query).toString();
  const url = fillPath(route.path, params) + (search ? `?${search}` : '');
  if (route.method === 'GET') return client.request('GET', url);
  if (input.kind === 'raw') return client.request(route.method, url, input.text);
  return client.request(route.method, url, input.body === undefined ? undefined : JSON.stringify(input.body), {
    'content-type': 'application/json',
  });
}

function expectNo500(response: { status: number; body: unknown }, label: string) {
  if (response.status >= 500)
    throw new Error(`${label} -> ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
}

const restInput = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    body.map((b): Input => ({ kind: 'json', body: b })),
    malformedJson.map((text): Input => ({ kind: 'raw', text })),
  );

describe('REST: malformed input never gives a 500 and changes nothing', () => {
  it('reads the route table', () => {
    const routes = restRoutes(server.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/cases/:id/review' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/consults/drafts/:id' });
  });

  for (const caller of ['anonymous', 'unapprovedSpecialist'] as const) {
    it(`${caller}: every route, any input`, async () => {
      const routes = restRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
        (r) => caller === 'anonymous' || !SIGN_OUT_ROUTES.has(`${r.method} ${r.path}`),
      );
      const before = await rowCounts();
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(pathParam, { minLength: 1, maxLength: 3 }),
            queryString,
            restInput(anyBody),
            async (params, query, input) => {
              const response = await send(clients[caller], route, params, query, input);
              expectNo500(response, `${caller} ${route.method} ${route.path}`);
            },
          ),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
      expect(await rowCounts()).toEqual(before);
    }, 300_000);
  }

  it('owner (veterinarian): every write route, invalid input only', async () => {
    const routes = restRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.method !== 'GET' && !SIGN_OUT_ROUTES.has(`${r.method} ${r.path}`),
    );
    const before = await rowCounts();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: 1, maxLength: 3 }),
          restInput(invalidBody),
          async (params, input) => {
            const response = await send(clients.vet, route, params, {}, input);
            expectNo500(response, `vet ${route.method} ${route.path}`);
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(await rowCounts()).toEqual(before);
    // Still signed in and served normally afterwards.
    expect((await clients.vet.get('/api/auth/check')).body.id).toBe(vet.id);
  }, 300_000);
});

// --- GraphQL ------------------------------------------------------------------------------------------

const mutationFields = () =>
  Object.values(schema.getMutationType()?.getFields() ?? {}) as GraphQLField<unknown, unknown>[];

function operationFor(field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg: GraphQLArgument) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `mutation Fuzz${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

function variablesFor(field: GraphQLField<unknown, unknown>, value: fc.Arbitrary<unknown>) {
  return fc.record(
    Object.fromEntries(
      field.args.map((arg) => [arg.name, isNonNullType(arg.type) ? value : fc.option(value, { nil: undefined })]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
}

function expectGraphQLRefusal(response: { status: number; body: any }, label: string, mustFail: boolean) {
  expectNo500(response, label);
  const errors: Array<{ extensions?: { code?: string } }> = response.body?.errors ?? [];
  expect(
    errors.map((e) => e.extensions?.code),
    label,
  ).not.toContain('INTERNAL_SERVER_ERROR');
  if (mustFail) expect(errors.length, label).toBeGreaterThan(0);
}

// Mutations a signed-out or wrong-role caller may legitimately run (with any input they fail or change nothing).
const PUBLIC_MUTATIONS = new Set(['login', 'logout', 'register', 'requestPasswordReset', 'resetPassword']);

describe('GraphQL: malformed input to every mutation never gives an internal error and changes nothing', () => {
  it('finds the mutations in the schema', () => {
    expect(mutationFields().length).toBeGreaterThan(25);
  });

  for (const caller of ['anonymous', 'unapprovedSpecialist'] as const) {
    it(`${caller}: every mutation, any variables`, async () => {
      const before = await rowCounts();
      for (const field of mutationFields()) {
        if (caller !== 'anonymous' && SIGN_OUT_MUTATIONS.has(field.name)) continue;
        const query = operationFor(field);
        await fc.assert(
          fc.asyncProperty(variablesFor(field, fc.oneof(oddString, anyJson)), async (variables) => {
            const response = await clients[caller].request('POST', '/graphql', JSON.stringify({ query, variables }));
            // A signed-in caller may do harmless things to their own account (e.g. completeOnboarding).
            const mustFail = caller === 'anonymous' && !PUBLIC_MUTATIONS.has(field.name);
            expectGraphQLRefusal(response, `${caller} ${field.name}`, mustFail);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
      expect(await rowCounts()).toEqual(before);
    }, 300_000);
  }

  it('owner (veterinarian): every mutation, variables of no accepted type', async () => {
    const before = await rowCounts();
    const never = fc.array(fc.boolean(), { minLength: 2, maxLength: 3 }); // a list where a scalar or object is due
    for (const field of mutationFields().filter((f) => f.args.length > 0)) {
      const query = operationFor(field);
      await fc.assert(
        fc.asyncProperty(variablesFor(field, never), async (variables) => {
          const response = await clients.vet.request('POST', '/graphql', JSON.stringify({ query, variables }));
          const provided = Object.values(variables).some((v) => v !== undefined);
          expectGraphQLRefusal(response, `vet ${field.name}`, provided);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(await rowCounts()).toEqual(before);
  }, 300_000);

  it('malformed GraphQL requests are 4xx', async () => {
    const body = fc.oneof(
      malformedJson,
      fc.record({ query: oddString, variables: fc.oneof(anyJson, oddString) }).map((b) => JSON.stringify(b)),
      fc
        .record({ query: fc.constant('mutation { logout }'), operationName: oddString, extensions: anyJson })
        .map((b) => JSON.stringify(b)),
      anyJson.map((b) => JSON.stringify(b)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const response = await clients.vet.request('POST', '/graphql', text);
        expectNo500(response, `graphql ${text.slice(0, 80)}`);
      }),
      { seed: SEED, numRuns: RUNS * 10, endOnFailure: true },
    );
  });
});

// --- odd values the database cannot hold (issue 21 item 9) -------------------------------------------
// NUL characters anywhere in a text, integers past PostgreSQL's integer, cursors that are not a case's
// uuid: every such request is a 4xx with a message (REST { message }, GraphQL errors[].message), never a
// 500 and never silently accepted.

/** A plausible text with NUL characters at random places. */
const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 3 }))
  .map(([a, b, n]) => `${a}${'\u0000'.repeat(n)}${b}`);
const outOfRange = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(2147483648, 4294967296, 2 ** 53),
);
const badCursor = fc
  .oneof(fc.string({ minLength: 1, maxLength: 40 }), withNul, fc.constantFrom('0', '-1', 'null', '%00', 'zzzzzzzz'))
  .filter((s) => s.trim() !== '' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s.trim()));

function expect4xxWithMessage(response: { status: number; body: any }, label: string) {
  expect(response.status, `${label}: ${JSON.stringify(response.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  const message = response.body?.message ?? response.body?.errors?.[0]?.message;
  expect(typeof message === 'string' && message.length > 0, `${label}: no message`).toBe(true);
}

function expectGraphQLMessage(response: { status: number; body: any }, label: string) {
  expectNo500(response, label);
  const errors: Array<{ message?: string; extensions?: { code?: string } }> = response.body?.errors ?? [];
  expect(errors.length, `${label}: accepted ${JSON.stringify(response.body).slice(0, 200)}`).toBeGreaterThan(0);
  expect(errors[0]?.extensions?.code, label).not.toBe('INTERNAL_SERVER_ERROR');
  expect(errors[0]?.message, label).toBeTruthy();
}

describe('NUL bytes, out-of-range integers and invalid cursors: 4xx with a message', () => {
  // Text fields of each write, beside the valid values that make the rest of the body acceptable.
  const TEXT_WRITES: Array<{ method: string; path: string; base: Record<string, unknown>; fields: string[] }> = [
    {
      method: 'POST',
      path: '/api/consults/drafts',
      base: {},
      fields: ['patientName', 'familyLastName', 'clinicalSigns', 'questions', 'breed', 'submittingDvm', 'specialty'],
    },
    { method: 'PUT', path: '/api/profile', base: { name: 'Dr. Fuzz' }, fields: ['name', 'clinicName', 'timezone'] },
    { method: 'POST', path: '/api/auth/login', base: { username: 'someone', password: 'x' }, fields: ['username'] },
    {
      method: 'POST',
      path: '/api/auth/register',
      base: {
        username: 'fuzz_user',
        password: 'secret123',
        email: 'fuzz@clinic.example',
        name: 'Dr. Fuzz',
        role: 'VETERINARIAN',
        clinicName: 'Clinic',
        clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
      },
      fields: ['username', 'name', 'clinicName', 'clinicAddress'],
    },
    { method: 'POST', path: '/api/password-reset-request', base: {}, fields: ['email'] },
    { method: 'POST', path: '/api/payment/apply-coupon', base: {}, fields: ['couponCode'] },
  ];

  it('REST: a NUL in any text field', async () => {
    const before = await rowCounts();
    const email = (await clients.vet.get('/api/auth/check')).body.email;
    for (const write of TEXT_WRITES) {
      const base = write.path === '/api/profile' ? { ...write.base, email } : write.base;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...write.fields), withNul, async (field, value) => {
          const response = await clients.vet.request(
            write.method,
            write.path,
            JSON.stringify({ ...base, [field]: value }),
          );
          expect4xxWithMessage(response, `${write.method} ${write.path} ${field}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(await rowCounts()).toEqual(before);
  }, 120_000);

  it('REST: ids past PostgreSQL integer in bodies, paths and queries', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(outOfRange, async (n) => {
        const requests: Array<[string, string, unknown]> = [
          ['POST', '/api/consults/drafts', { patientName: 'Rex', specificSpecialistId: n }],
          ['POST', '/api/payment/create-payment-intent', { type: 'consultation', caseId: n }],
          ['POST', '/api/availability', { dayOfWeek: 1, startTime: '09:00', endTime: '10:00', specialistId: n }],
          ['POST', '/api/admin/approve-specialist', { specialistId: n }],
          ['GET', `/api/files/${n}/download`, undefined],
          ['GET', `/api/cases/${n}`, undefined],
          ['GET', `/api/cases?userId=${n}`, undefined],
          ['GET', `/api/specialist-questions?specialistId=${n}`, undefined],
        ];
        for (const [method, path, body] of requests) {
          const response = await clients.vet.request(
            method,
            path,
            body === undefined ? undefined : JSON.stringify(body),
          );
          expect4xxWithMessage(response, `${method} ${path}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);

  it('REST and GraphQL: an invalid cursor', async () => {
    await fc.assert(
      fc.asyncProperty(badCursor, async (after) => {
        expect4xxWithMessage(
          await clients.vet.get(`/api/cases?after=${encodeURIComponent(after)}`),
          `GET /api/cases?after=${JSON.stringify(after)}`,
        );
        const graphql = await clients.vet.request(
          'POST',
          '/graphql',
          JSON.stringify({ query: 'query ($after: String) { myCases(after: $after) { uuid } }', variables: { after } }),
        );
        expectGraphQLMessage(graphql, `myCases(after: ${JSON.stringify(after)})`);
      }),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
    );
  }, 120_000);

  it('GraphQL: a NUL in the text inputs of saveDraft, updateProfile and createSpecialistQuestion', async () => {
    const before = await rowCounts();
    const DRAFT = 'mutation ($input: ConsultInput!) { saveDraft(input: $input) { uuid } }';
    const PROFILE = 'mutation ($input: ProfileInput!) { updateProfile(input: $input) { id } }';
    const QUESTION = 'mutation ($input: SpecialistQuestionInput!) { createSpecialistQuestion(input: $input) { id } }';
    await fc.assert(
      fc.asyncProperty(
        withNul,
        fc.constantFrom('patientName', 'familyLastName', 'clinicalSigns', 'questions', 'breed'),
        async (value, field) => {
          for (const [query, variables] of [
            [DRAFT, { input: { [field]: value } }],
            [PROFILE, { input: { name: value, email: 'fuzz@example.com' } }],
            [QUESTION, { input: { questionText: value } }],
          ] as const) {
            const response = await clients.vet.request('POST', '/graphql', JSON.stringify({ query, variables }));
            expectGraphQLMessage(response, `${query.slice(0, 40)} ${field}`);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});
