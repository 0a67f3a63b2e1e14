import { NUL_MESSAGE } from '@vetconsult/schema/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, databaseInputError } from '../src/lib/errors';
import { multipart } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 21 item 9: odd input is the client's mistake, answered 400 with a message, through every door:
// NUL characters in text, ids past PostgreSQL's integer, an invalid page cursor, a non-numeric file id.

let server: TestServer;
let vet: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  vet = await signedInClient(server.url, await createUser(server.database.db, { role: 'VETERINARIAN' }));
});
afterAll(() => server?.close());

const NUL = 'Rex\u0000ter';

describe('NUL in any text field is a 400, never a 500', () => {
  it('REST: drafts (JSON and multipart), profile, registration, specialist questions', async () => {
    const draft = await vet.post('/api/consults/drafts', { patientName: NUL });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toBe(NUL_MESSAGE);
    const form = await vet.post('/api/consults/drafts', multipart({ clinicalSigns: NUL }));
    expect(form.status).toBe(400);
    expect(form.body.message).toBe(NUL_MESSAGE);
    const me = (await vet.get('/api/auth/check')).body;
    const profile = await vet.put('/api/profile', { name: NUL, email: me.email });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(NUL_MESSAGE);
    const register = await vet.post('/api/auth/register', {
      username: 'nul_user',
      password: 'secret123',
      email: 'nul@clinic.example',
      name: NUL,
      role: 'VETERINARIAN',
      clinicName: 'Clinic',
      clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
    });
    expect(register.status).toBe(400);
    expect(register.body.message).toBe(NUL_MESSAGE);
    const login = await vet.post('/api/auth/login', { username: NUL, password: 'x' });
    expect(login.status).toBe(400);
    const search = await vet.get(`/api/cases?search=${encodeURIComponent(NUL)}`);
    expect(search.status).toBe(400);
    expect(search.body.message).toBe(NUL_MESSAGE);
  });

  it('GraphQL: saveDraft and updateProfile answer BAD_USER_INPUT with the message', async () => {
    const saved = await vet.gql('mutation ($input: ConsultInput!) { saveDraft(input: $input) { uuid } }', {
      input: { patientName: NUL },
    });
    expect(saved.errors?.[0]).toMatchObject({ message: NUL_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    const profile = await vet.gql('mutation ($input: ProfileInput!) { updateProfile(input: $input) { id } }', {
      input: { name: NUL, email: 'someone@example.com' },
    });
    expect(profile.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a value the schemas let through and PostgreSQL refuses is mapped to a 400 (last resort)', async () => {
    const refusals: unknown[] = [];
    for (const query of [
      () => server.database.db.user.findFirst({ where: { name: NUL } }),
      () => server.database.db.user.findFirst({ where: { id: 2 ** 31 } }),
      () => server.database.db.$queryRawUnsafe(`SELECT '{"a":"\\u0000"}'::jsonb`),
    ]) {
      refusals.push(await query().then(() => 'accepted', databaseInputError));
    }
    expect(refusals.map((e) => (e instanceof DomainError ? `${e.code}: ${e.message}` : e))).toEqual([
      `BAD_USER_INPUT: ${NUL_MESSAGE}`,
      'BAD_USER_INPUT: A number is out of range',
      `BAD_USER_INPUT: ${NUL_MESSAGE}`,
    ]);
  });
});

describe('ids are range-checked by the shared schemas', () => {
  it('specificSpecialistId 2147483648 is a 400 (REST draft, REST submit, GraphQL)', async () => {
    const draft = await vet.post('/api/consults/drafts', { patientName: 'Rex', specificSpecialistId: 2147483648 });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toBe('Please select a specialist');
    const submit = await vet.post('/api/cases', {
      specialty: 'Cardiology',
      species: 'Canine',
      patientName: 'Rex',
      familyLastName: 'Martin',
      contactEmail: 'owner@example.com',
      submittingDvm: 'Dr. Vet',
      sex: 'Male',
      age: 3,
      ageUnit: 'Years',
      clinicalSigns: 'Coughing for two weeks',
      questions: 'What should we test next?',
      specificSpecialistId: 2147483648,
      termsAccepted: true,
    });
    expect(submit.status).toBe(400);
    expect(submit.body.message).toBe('Please select a specialist');
    const version = await vet.put('/api/consults/drafts/00000000-0000-4000-8000-000000000000', {
      patientName: 'Rex',
      version: 2 ** 40,
    });
    expect(version.status).toBeGreaterThanOrEqual(400);
    expect(version.status).toBeLessThan(500);
    const payment = await vet.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: 2 ** 40 });
    expect(payment.status).toBeGreaterThanOrEqual(400);
    expect(payment.status).toBeLessThan(500);
  });
});

describe('an invalid page cursor is a 400, not the first page', () => {
  it('REST and GraphQL', async () => {
    const rest = await vet.get('/api/cases?after=not-a-cursor');
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Invalid cursor: pass the uuid of the last case of the previous page');
    const graphql = await vet.gql('{ myCases(after: "not-a-cursor") { uuid } }');
    expect(graphql.errors?.[0]).toMatchObject({
      message: 'Invalid cursor: pass the uuid of the last case of the previous page',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // A well-formed cursor still pages.
    expect((await vet.get('/api/cases?after=00000000-0000-4000-8000-000000000000')).status).toBe(200);
  });
});

describe('path ids say what they are', () => {
  it('/api/files/abc/download: "Invalid file id"; /api/cases/specialist/abc: "Invalid specialist id"', async () => {
    const file = await vet.get('/api/files/abc/download');
    expect(file.status).toBe(400);
    expect(file.body.message).toBe('Invalid file id');
    const specialist = await vet.get('/api/cases/specialist/abc');
    expect(specialist.status).toBe(400);
    expect(specialist.body.message).toBe('Invalid specialist id');
    expect((await vet.get('/api/cases?userId=abc')).body.message).toBe('Invalid user id');
  });
});
