import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '../src/generated/prisma/client';
import { createCase, multipart, PDF } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Every SPEC §6 denial of the case workflow, through REST and through GraphQL.

let server: TestServer;
let owner: User;
let otherVet: User;
let assigned: User;
let otherSpecialist: User;
let unapproved: User;
let clients: Record<'owner' | 'otherVet' | 'assigned' | 'otherSpecialist' | 'unapproved' | 'anonymous', TestClient>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  owner = await createUser(db, { role: 'VETERINARIAN' });
  otherVet = await createUser(db, { role: 'VETERINARIAN' });
  assigned = await createUser(db, { role: 'SPECIALIST', approved: true });
  otherSpecialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  unapproved = await createUser(db, { role: 'SPECIALIST', approved: false });
  // An unapproved specialist cannot sign in through the login path; open a session like an approved
  // account would have, then withdraw the approval.
  await db.user.update({ where: { id: unapproved.id }, data: { approved: true } });
  const unapprovedClient = await signedInClient(server.url, unapproved);
  await db.user.update({ where: { id: unapproved.id }, data: { approved: false } });
  clients = {
    owner: await signedInClient(server.url, owner),
    otherVet: await signedInClient(server.url, otherVet),
    assigned: await signedInClient(server.url, assigned),
    otherSpecialist: await signedInClient(server.url, otherSpecialist),
    unapproved: unapprovedClient,
    anonymous: new TestClient(server.url),
  };
});
afterAll(() => server.close());

const caseIn = (status: Case['status'], specialistId: number | null = assigned.id) =>
  createCase(server.database.db, { vetId: owner.id, specialistId, status });

async function gqlCode(client: TestClient, query: string, variables: Record<string, unknown>) {
  const body = await client.gql(query, variables);
  return {
    code: body.errors?.[0]?.extensions?.code as string | undefined,
    message: body.errors?.[0]?.message as string | undefined,
  };
}

describe('reading cases and files', () => {
  it('only the vet, the assigned specialist (once paid) and nobody else read a case and its files', async () => {
    const kase = await caseIn('pending');
    const file = await server.database.db.caseFile.create({
      data: {
        caseId: kase.id,
        filename: 'a.pdf',
        fileType: 'application/pdf',
        fileSize: PDF.length,
        s3Key: `cases/${kase.uuid}/input/x-a.pdf`,
      },
    });
    const rest = async (who: keyof typeof clients) => ({
      detail: (await clients[who].get(`/api/cases/${kase.uuid}`)).status,
      files: (await clients[who].get(`/api/cases/${kase.id}/files`)).status,
      download: (await clients[who].get(`/api/files/${file.id}/download`)).status,
      zip: (await clients[who].get(`/api/cases/${kase.id}/download-all`)).status,
    });
    expect(await rest('anonymous')).toEqual({ detail: 401, files: 401, download: 401, zip: 401 });
    expect(await rest('otherVet')).toEqual({ detail: 403, files: 403, download: 403, zip: 403 });
    expect(await rest('otherSpecialist')).toEqual({ detail: 403, files: 403, download: 403, zip: 403 });
    expect((await clients.owner.get(`/api/cases/${kase.uuid}`)).status).toBe(200);
    expect((await clients.assigned.get(`/api/cases/${kase.uuid}`)).status).toBe(200);

    const query = 'query ($uuid: String!) { case(uuid: $uuid) { uuid } }';
    expect((await gqlCode(clients.anonymous, query, { uuid: kase.uuid })).code).toBe('UNAUTHENTICATED');
    expect((await gqlCode(clients.otherVet, query, { uuid: kase.uuid })).code).toBe('FORBIDDEN');
    expect((await gqlCode(clients.otherSpecialist, query, { uuid: kase.uuid })).code).toBe('FORBIDDEN');
    expect((await gqlCode(clients.assigned, query, { uuid: kase.uuid })).code).toBeUndefined();

    const unpaid = await caseIn('pending_payment');
    expect((await clients.assigned.get(`/api/cases/${unpaid.uuid}`)).status).toBe(403);
    expect((await gqlCode(clients.assigned, query, { uuid: unpaid.uuid })).code).toBe('FORBIDDEN');
  });

  it('lists and stats are limited to the caller', async () => {
    expect((await clients.otherVet.get(`/api/cases?userId=${owner.id}&role=veterinarian`)).status).toBe(403);
    expect((await clients.otherSpecialist.get(`/api/cases/specialist/${assigned.id}`)).status).toBe(403);
    expect((await clients.otherVet.get(`/api/stats?userId=${owner.id}`)).status).toBe(403);
    expect((await clients.anonymous.get('/api/cases')).status).toBe(401);
    expect(
      (
        await gqlCode(clients.otherVet, 'query ($id: Int) { dashboardStats(userId: $id) { pendingCount } }', {
          id: owner.id,
        })
      ).code,
    ).toBe('FORBIDDEN');
    expect((await gqlCode(clients.owner, '{ availableCases { uuid } }', {})).code).toBe('FORBIDDEN');
    expect((await gqlCode(clients.assigned, '{ drafts { uuid } }', {})).code).toBe('FORBIDDEN');
    const mine = await clients.otherVet.get('/api/cases');
    expect(mine.body).toEqual([]);
  });
});

describe('creating consults and drafts', () => {
  it("specialists cannot create drafts or consults; vets cannot touch another vet's draft", async () => {
    expect((await clients.assigned.post('/api/consults/drafts', { patientName: 'X' })).status).toBe(403);
    expect((await clients.assigned.post('/api/cases', multipart({ patientName: 'X' }))).status).toBe(403);
    expect(
      (await gqlCode(clients.assigned, 'mutation { saveDraft(input: { patientName: "X" }) { uuid } }', {})).code,
    ).toBe('FORBIDDEN');
    const draft = (await clients.owner.post('/api/consults/drafts', { patientName: 'Mine' })).body;
    expect((await clients.otherVet.get(`/api/consults/drafts/${draft.uuid}`)).status).toBe(403);
    expect(
      (await clients.otherVet.put(`/api/consults/drafts/${draft.uuid}`, { version: 1, patientName: 'Theirs' })).status,
    ).toBe(403);
    expect((await clients.otherVet.delete(`/api/consults/drafts/${draft.uuid}`)).status).toBe(403);
    expect((await clients.otherVet.post(`/api/consults/drafts/${draft.uuid}/start-payment`)).status).toBe(403);
    expect(
      (await gqlCode(clients.otherVet, 'mutation ($uuid: String!) { deleteDraft(uuid: $uuid) }', { uuid: draft.uuid }))
        .code,
    ).toBe('FORBIDDEN');
    expect((await clients.owner.get(`/api/consults/drafts/${draft.uuid}`)).body.patientName).toBe('Mine');
  });
});

describe('accepting', () => {
  const ACCEPT = 'mutation ($uuid: String!) { acceptCase(uuid: $uuid) { status } }';

  it('only the assigned, approved specialist accepts, only while pending', async () => {
    const kase = await caseIn('pending');
    const rest = async (who: keyof typeof clients, target: Case = kase) => {
      const response = await clients[who].post(`/api/cases/${target.id}/accept`, {});
      return [response.status, response.body.message];
    };
    expect(await rest('owner')).toEqual([403, 'Only specialists can accept cases']);
    expect(await rest('otherSpecialist')).toEqual([403, 'This case is not assigned to you']);
    const forUnapproved = await caseIn('pending', unapproved.id);
    expect(await rest('unapproved', forUnapproved)).toEqual([
      403,
      'Your specialist account must be approved before you can accept cases',
    ]);
    expect(await gqlCode(clients.unapproved, ACCEPT, { uuid: forUnapproved.uuid })).toEqual({
      code: 'FORBIDDEN',
      message: 'Your specialist account must be approved before you can accept cases',
    });
    expect((await gqlCode(clients.owner, ACCEPT, { uuid: kase.uuid })).code).toBe('FORBIDDEN');
    expect((await gqlCode(clients.otherSpecialist, ACCEPT, { uuid: kase.uuid })).message).toBe(
      'This case is not assigned to you',
    );
    const unpaid = await caseIn('pending_payment');
    expect(await rest('assigned', unpaid)).toEqual([409, 'This case is not available for acceptance']);
    expect((await gqlCode(clients.assigned, ACCEPT, { uuid: unpaid.uuid })).code).toBe('CONFLICT');
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe('pending');
  });
});

describe('reviewing', () => {
  const REVIEW =
    'mutation ($uuid: String!, $summary: String!) { submitReview(uuid: $uuid, summary: $summary) { status } }';

  it('only the assigned specialist reviews, only while accepted, with a non-empty summary', async () => {
    const accepted = await caseIn('accepted');
    const post = (who: keyof typeof clients, target: Case, summary: string) =>
      clients[who].post(`/api/cases/${target.id}/review`, multipart({ summary }));
    expect((await post('otherSpecialist', accepted, 'Fine')).status).toBe(403);
    expect((await post('owner', accepted, 'Fine')).status).toBe(403);
    const blank = await post('assigned', accepted, '   ');
    expect([blank.status, blank.body.message]).toEqual([400, 'Please provide a summary before submitting']);
    const pending = await caseIn('pending');
    expect((await post('assigned', pending, 'Too early')).status).toBe(409);
    expect((await gqlCode(clients.otherSpecialist, REVIEW, { uuid: accepted.uuid, summary: 'x' })).code).toBe(
      'FORBIDDEN',
    );
    expect((await gqlCode(clients.assigned, REVIEW, { uuid: pending.uuid, summary: 'x' })).code).toBe('CONFLICT');
    const summaryFiles = await clients.otherSpecialist.post(
      `/api/cases/${accepted.id}/files`,
      multipart({ category: 'summary' }, [{ name: 'r.pdf', bytes: PDF }]),
    );
    expect(summaryFiles.status).toBe(403);
    const complete = await clients.assigned.post(`/api/cases/${accepted.id}/complete`);
    expect([complete.status, complete.body.message]).toEqual([400, 'Please provide a summary before submitting']);
    // The older view: a summary file, then complete.
    expect(
      (
        await clients.assigned.post(
          `/api/cases/${accepted.id}/files`,
          multipart({ category: 'summary' }, [{ name: 'r.pdf', bytes: PDF }]),
        )
      ).status,
    ).toBe(201);
    const completed = await clients.assigned.post(`/api/cases/${accepted.id}/complete`);
    expect(completed.body.status).toBe('reviewed');
    expect((await clients.assigned.post(`/api/cases/${accepted.id}/complete`)).status).toBe(409);
  });
});

describe('revisiting', () => {
  const REVISIT = 'mutation ($input: RevisitInput!) { createRevisit(input: $input) { uuid } }';
  const body = (uuid: string) => ({
    originalCaseUuid: uuid,
    clinicalSigns: 'New signs since the review.',
    questions: 'What should we do next?',
    termsAccepted: true,
  });

  it('only the own vet revisits, only a reviewed case', async () => {
    const reviewed = await caseIn('reviewed');
    const other = await clients.otherVet.post('/api/cases/revisit', body(reviewed.uuid));
    expect([other.status, other.body.message]).toEqual([403, 'You are not authorized to revisit this case']);
    expect((await clients.assigned.post('/api/cases/revisit', body(reviewed.uuid))).status).toBe(403);
    const accepted = await caseIn('accepted');
    const early = await clients.owner.post('/api/cases/revisit', body(accepted.uuid));
    expect([early.status, early.body.message]).toEqual([409, 'This case must be completed before it can be revisited']);
    expect(await gqlCode(clients.otherVet, REVISIT, { input: body(reviewed.uuid) })).toEqual({
      code: 'FORBIDDEN',
      message: 'You are not authorized to revisit this case',
    });
    expect((await gqlCode(clients.owner, REVISIT, { input: body(accepted.uuid) })).message).toBe(
      'This case must be completed before it can be revisited',
    );
    const short = await clients.owner.post('/api/cases/revisit', { ...body(reviewed.uuid), clinicalSigns: 'short' });
    expect([short.status, short.body.message]).toEqual([400, 'Clinical signs must be at least 10 characters']);
    expect(await server.database.db.case.count({ where: { originalCaseId: { in: [reviewed.id, accepted.id] } } })).toBe(
      0,
    );
  });
});
