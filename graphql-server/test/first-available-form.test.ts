import { ROUTING_CHOICE_MESSAGES } from '@vetconsult/schema/consult';
import { TURNAROUND_MESSAGES } from '@vetconsult/schema/turnaround';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import type { TestClient } from './helpers/client';
import { createSpecialist, createUser, payWithTestCard, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 19: "First available specialist" chosen on the new-consult form (and kept by its drafts), through
// both doors and the same service: priced and paid like a named consult, then offered at activation to
// every available approved specialist of the specialty, and to nobody else.
//
// The database is shared with the other test files, so the specialties here are ones no other file uses:
// Dentistry (specialists available now) and Rehabilitation (nobody available, for STAT).

let server: TestServer;
let vet: User;
let vetClient: TestClient;
let one: User;
let two: User;
let away: User;
let unapproved: User;
let otherSpecialty: User;
const clients = new Map<number, TestClient>();

const db = () => server.database.db;
const SPECIALTY = 'Dentistry';
const NOBODY_AVAILABLE = 'Rehabilitation';

async function specialist(availableNow: boolean, specialty = SPECIALTY, approved = true): Promise<User> {
  const user = await createSpecialist(db(), { availableNow, specialty, approved });
  clients.set(user.id, await signedInClient(server.url, user));
  return user;
}

beforeAll(async () => {
  server = await startTestServer({ stripe: undefined });
  vet = await createUser(db(), { role: 'VETERINARIAN' });
  vetClient = await signedInClient(server.url, vet);
  one = await specialist(true);
  two = await specialist(true);
  away = await specialist(false);
  unapproved = await specialist(true, SPECIALTY, false);
  otherSpecialty = await specialist(true, 'Cardiology');
  await specialist(false, NOBODY_AVAILABLE);
});
afterAll(() => server.close());

/** The new-consult form's fields as JSON, sent to the first available specialist of `specialty`. */
function consult(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    specialty: SPECIALTY,
    species: 'Canine',
    patientName: 'Biscuit',
    familyLastName: 'Tremblay',
    contactEmail: 'owner@example.com',
    submittingDvm: 'Dr. Vet',
    sex: 'Male',
    age: 4,
    ageUnit: 'Years',
    clinicalSigns: 'Fractured upper carnassial, swelling below the eye.',
    questions: 'Extraction or root canal therapy?',
    termsAccepted: true,
    firstAvailable: true,
    ...overrides,
  };
}

const SUBMIT =
  'mutation($input: ConsultInput!) { submitConsult(input: $input) { uuid status routing specialistId specialty } }';
const SAVE_DRAFT =
  'mutation($input: ConsultInput!, $uuid: String, $version: Int) { saveDraft(input: $input, uuid: $uuid, version: $version) { uuid version routing specialistId } }';

/** Pays an unpaid case through the built-in test provider (the form's payment step). */
const pay = (uuid: string) => payWithTestCard(vetClient, uuid);

/** The signed-in client of a specialist made here. */
const clientOf = (user: User): TestClient => {
  const client = clients.get(user.id);
  if (!client) throw new Error(`no client for ${user.id}`);
  return client;
};

const availableTo = async (user: User) =>
  ((await clientOf(user).gql('{ availableCases { uuid } }')).data.availableCases as Array<{ uuid: string }>).map(
    (row) => row.uuid,
  );

/** Who was told the case is available (the notify path of activation). */
const toldAvailable = async (caseId: number) =>
  (await db().notification.findMany({ where: { caseId, kind: 'case_available' }, select: { recipientId: true } }))
    .map((row) => row.recipientId)
    .sort((a, b) => a - b);

async function expectOfferedToTheSpecialty(uuid: string) {
  const row = await db().case.findUniqueOrThrow({ where: { uuid } });
  expect(row).toMatchObject({ status: 'pending', routing: 'first_available', specialistId: null, isPaid: true });
  expect(row.dueAt?.getTime()).toBe((row.activatedAt?.getTime() ?? 0) + 48 * 3_600_000);
  for (const specialist of [one, two]) expect(await availableTo(specialist)).toContain(uuid);
  for (const specialist of [away, unapproved, otherSpecialty])
    expect(await availableTo(specialist)).not.toContain(uuid);
  // Every approved specialist of the specialty is told (notify's first-available notice), nobody else.
  const told = await toldAvailable(row.id);
  expect(told).toEqual(expect.arrayContaining([one.id, two.id, away.id]));
  expect(told).not.toContain(unapproved.id);
  expect(told).not.toContain(otherSpecialty.id);
  return row;
}

describe('first available specialist on the new-consult form (issue 19)', () => {
  it('through GraphQL: submitted, priced and paid like a named consult, then offered to the specialty', async () => {
    const submitted = await vetClient.gql(SUBMIT, { input: consult() });
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data.submitConsult).toMatchObject({
      status: 'pending_payment',
      routing: 'first_available',
      specialistId: null,
      specialty: SPECIALTY,
    });
    const { uuid } = submitted.data.submitConsult;
    // Nobody sees it before it is paid.
    expect(await availableTo(one)).not.toContain(uuid);
    const price = await pay(uuid);
    // The same fee as a named consult of the specialty.
    const named = await vetClient.post(
      '/api/cases',
      consult({ firstAvailable: undefined, specificSpecialistId: one.id }),
    );
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    const namedIntent = await vetClient.post('/api/payment/create-payment-intent', {
      type: 'consultation',
      caseId: named.body.uuid,
    });
    expect(namedIntent.body.originalAmount).toBe(price.originalAmount);
    expect(namedIntent.body.totalAmount).toBe(price.totalAmount);
    await expectOfferedToTheSpecialty(uuid);

    // The first to accept takes it.
    const accepted = await clientOf(two).post(`/api/cases/${uuid}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(await availableTo(one)).not.toContain(uuid);
  });

  it('through REST, with a STAT urgency while specialists of the specialty are available', async () => {
    const created = await vetClient.post('/api/cases', consult({ firstAvailable: 'true', urgency: 'stat' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ routing: 'first_available', specialistId: null, urgency: 'stat' });
    await pay(created.body.uuid);
    const row = await db().case.findUniqueOrThrow({ where: { uuid: created.body.uuid } });
    expect(row.dueAt?.getTime()).toBe((row.activatedAt?.getTime() ?? 0) + 4 * 3_600_000);
    for (const specialist of [one, two]) expect(await availableTo(specialist)).toContain(created.body.uuid);
    expect(await availableTo(away)).not.toContain(created.body.uuid);
  });

  it('refuses both a named specialist and the first available one, and neither, with the same words through both doors', async () => {
    const both = consult({ specificSpecialistId: one.id });
    const neither = consult({ firstAvailable: false });
    for (const [input, message] of [
      [both, ROUTING_CHOICE_MESSAGES.notBoth],
      [neither, ROUTING_CHOICE_MESSAGES.chooseOne],
    ] as const) {
      const rest = await vetClient.post('/api/cases', input);
      expect(rest.status).toBe(400);
      expect(rest.body.message).toBe(message);
      const gql = await vetClient.gql(SUBMIT, { input });
      expect(gql.errors?.[0]?.message).toBe(message);
      expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    // A draft may have no specialist yet, but never both.
    const draft = await vetClient.post('/api/consults/drafts', {
      patientName: 'Milo',
      firstAvailable: true,
      specificSpecialistId: one.id,
    });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toBe(ROUTING_CHOICE_MESSAGES.notBoth);
  });

  it('refuses STAT to the first available specialist when nobody of the specialty is available now', async () => {
    const input = consult({ specialty: NOBODY_AVAILABLE, urgency: 'stat' });
    const rest = await vetClient.post('/api/cases', input);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(TURNAROUND_MESSAGES.statNoneAvailable);
    const gql = await vetClient.gql(SUBMIT, { input });
    expect(gql.errors?.[0]?.message).toBe(TURNAROUND_MESSAGES.statNoneAvailable);
    // Priority to the same specialty is accepted.
    const priority = await vetClient.post('/api/cases', consult({ specialty: NOBODY_AVAILABLE, urgency: 'priority' }));
    expect(priority.status, JSON.stringify(priority.body)).toBe(201);
    expect(priority.body.routing).toBe('first_available');
  });

  it('drafts keep the choice through both doors, and a draft paid from it is offered to the specialty', async () => {
    const rest = await vetClient.post('/api/consults/drafts', {
      patientName: 'Milo',
      specialty: SPECIALTY,
      firstAvailable: true,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({ firstAvailable: true, specificSpecialistId: null });
    const read = await vetClient.get(`/api/consults/drafts/${rest.body.uuid}`);
    expect(read.body).toMatchObject({ firstAvailable: true, specificSpecialistId: null });

    // Naming a specialist later routes it to them; choosing first available again clears the name.
    const renamed = await vetClient.gql(SAVE_DRAFT, {
      uuid: rest.body.uuid,
      version: rest.body.version,
      input: { specificSpecialistId: one.id, firstAvailable: false },
    });
    expect(renamed.data.saveDraft).toMatchObject({ routing: 'named', specialistId: one.id });
    const back = await vetClient.gql(SAVE_DRAFT, {
      uuid: rest.body.uuid,
      version: renamed.data.saveDraft.version,
      input: consult({ specificSpecialistId: 0 }),
    });
    expect(back.errors).toBeUndefined();
    expect(back.data.saveDraft).toMatchObject({ routing: 'first_available', specialistId: null });
    expect((await vetClient.get(`/api/consults/drafts/${rest.body.uuid}`)).body).toMatchObject({
      firstAvailable: true,
      specificSpecialistId: null,
    });

    const started = await vetClient.post(`/api/consults/drafts/${rest.body.uuid}/start-payment`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await pay(rest.body.uuid);
    await expectOfferedToTheSpecialty(rest.body.uuid);
  });
});
