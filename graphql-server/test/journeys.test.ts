import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import { consultFields, createCase, multipart, PDF, PNG } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 22: files stored on drafts when attached, unpaid (pending_payment) cases that stay editable,
// payable and discardable, and the specialist's summary draft (only the assigned specialist).

let server: TestServer;
let vet: User;
let otherVet: User;
let specialist: User;
let otherSpecialist: User;
let vetClient: TestClient;
let otherVetClient: TestClient;
let specialistClient: TestClient;
let otherSpecialistClient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN', clinicAddress: '1 King St W, Toronto, ON M5H 1A1' });
  otherVet = await createUser(db, { role: 'VETERINARIAN' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' });
  otherSpecialist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' });
  vetClient = await signedInClient(server.url, vet);
  otherVetClient = await signedInClient(server.url, otherVet);
  specialistClient = await signedInClient(server.url, specialist);
  otherSpecialistClient = await signedInClient(server.url, otherSpecialist);
});
afterAll(() => server.close());

async function completeDraft(client = vetClient) {
  const { specialistResponses: _r, ...fields } = consultFields(specialist.id);
  const created = await client.post('/api/consults/drafts', fields);
  expect(created.status).toBe(201);
  return created.body as { uuid: string; id: number; version: number };
}

async function unpaidCase(client = vetClient) {
  const draft = await completeDraft(client);
  expect((await client.post(`/api/consults/drafts/${draft.uuid}/start-payment`)).status).toBe(200);
  const intent = await client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: draft.uuid });
  expect(intent.status).toBe(200);
  return { ...draft, paymentIntentId: intent.body.paymentIntentId as string };
}

describe('files on drafts (item 1)', () => {
  it('the vet uploads files to a draft, lists them with the draft, and removes one; others cannot', async () => {
    const draft = await completeDraft();
    const added = await vetClient.post(
      `/api/cases/${draft.uuid}/files`,
      multipart({ category: 'input' }, [
        { name: 'thorax.png', bytes: PNG },
        { name: 'lab.pdf', bytes: PDF },
      ]),
    );
    expect(added.status).toBe(201);
    const byOther = await otherVetClient.post(
      `/api/cases/${draft.uuid}/files`,
      multipart({ category: 'input' }, [{ name: 'x.pdf', bytes: PDF }]),
    );
    expect(byOther.status).toBe(403);

    const listed = await vetClient.gql('query($uuid: String!) { draft(uuid: $uuid) { files { id filename } } }', {
      uuid: draft.uuid,
    });
    const files = listed.data.draft.files as Array<{ id: number; filename: string }>;
    expect(files.map((f) => f.filename).sort()).toEqual(['lab.pdf', 'thorax.png']);

    const lab = files.find((f) => f.filename === 'lab.pdf');
    const denied = await otherVetClient.gql('mutation($id: Int!) { removeDraftFile(fileId: $id) { uuid } }', {
      id: lab?.id,
    });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const removed = await vetClient.gql('mutation($id: Int!) { removeDraftFile(fileId: $id) { files { filename } } }', {
      id: lab?.id,
    });
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removeDraftFile.files).toEqual([{ filename: 'thorax.png' }]);
  });

  it('files cannot be removed once the case is paid', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'pending',
    });
    const added = await vetClient.post(
      `/api/cases/${kase.uuid}/files`,
      multipart({ category: 'input' }, [{ name: 'late.pdf', bytes: PDF }]),
    );
    expect(added.status).toBe(201);
    const removed = await vetClient.gql('mutation($id: Int!) { removeDraftFile(fileId: $id) { uuid } }', {
      id: added.body[0].id,
    });
    expect(removed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('unpaid cases stay editable, payable and discardable (item 2)', () => {
  it('a pending_payment case is listed with the drafts, read and saved as a draft', async () => {
    const kase = await unpaidCase();
    const list = await vetClient.get('/api/consults/drafts');
    expect(list.body.map((d: { uuid: string }) => d.uuid)).toContain(kase.uuid);
    const read = await vetClient.get(`/api/consults/drafts/${kase.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('pending_payment');
    const saved = await vetClient.put(`/api/consults/drafts/${kase.uuid}`, {
      version: read.body.version,
      breed: 'Whippet',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'pending_payment', breed: 'Whippet' });
    // Another vet neither reads nor saves it.
    expect((await otherVetClient.get(`/api/consults/drafts/${kase.uuid}`)).status).toBe(403);
    // Back to payment after the edit: still complete, still awaiting payment.
    const again = await vetClient.post(`/api/consults/drafts/${kase.uuid}/start-payment`);
    expect(again.body.status).toBe('pending_payment');
  });

  it('the Drafts tab of the consult list holds unpaid cases too, through both doors', async () => {
    const kase = await unpaidCase();
    const rest = await vetClient.get('/api/cases?status=draft');
    expect(rest.status).toBe(200);
    expect(rest.body.map((c: { uuid: string }) => c.uuid)).toContain(kase.uuid);
    const graphql = await vetClient.gql('{ myCases(status: draft, first: 100) { uuid status } }');
    expect(graphql.data.myCases).toContainEqual({ uuid: kase.uuid, status: 'pending_payment' });
    // Still listed under All, where it is labelled Awaiting payment.
    const all = await vetClient.gql('{ myCases(status: all, first: 100) { uuid } }');
    expect(all.data.myCases.map((c: { uuid: string }) => c.uuid)).toContain(kase.uuid);
  });

  it('returning to payment re-checks the rules: an unpaid case emptied by an edit cannot be paid', async () => {
    const kase = await unpaidCase();
    const read = await vetClient.get(`/api/consults/drafts/${kase.uuid}`);
    await vetClient.put(`/api/consults/drafts/${kase.uuid}`, { version: read.body.version, patientName: '' });
    const again = await vetClient.post(`/api/consults/drafts/${kase.uuid}/start-payment`);
    expect(again.status).toBe(400);
  });

  it('discarding an unpaid case voids its open intent and removes the case and its stored files', async () => {
    const kase = await unpaidCase();
    const added = await vetClient.post(
      `/api/cases/${kase.uuid}/files`,
      multipart({ category: 'input' }, [{ name: 'gone.png', bytes: PNG }]),
    );
    expect(added.status).toBe(201);
    const db = server.database.db;
    const row = await db.caseFile.findFirstOrThrow({ where: { id: added.body[0].id } });
    const stored = join(server.dataDir, 'uploads', row.s3Key);
    expect(existsSync(stored)).toBe(true);

    expect((await otherVetClient.delete(`/api/consults/drafts/${kase.uuid}`)).status).toBe(403);
    const deleted = await vetClient.delete(`/api/consults/drafts/${kase.uuid}`);
    expect(deleted.status).toBe(200);
    expect(await db.case.findUnique({ where: { uuid: kase.uuid } })).toBeNull();
    expect(await db.payment.count({ where: { providerPaymentIntentId: kase.paymentIntentId } })).toBe(0);
    // The voided intent can no longer be paid.
    const pay = await vetClient.post('/api/payment/test-provider/confirm', {
      paymentIntentId: kase.paymentIntentId,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(pay.status).toBeGreaterThanOrEqual(400);
    expect((await vetClient.get(`/api/cases/${kase.uuid}`)).status).toBe(404);
    expect(existsSync(stored)).toBe(false);
  });

  it('a paid case is not a draft: it cannot be read, saved or discarded as one', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'pending',
    });
    expect((await vetClient.get(`/api/consults/drafts/${kase.uuid}`)).status).toBe(404);
    expect((await vetClient.delete(`/api/consults/drafts/${kase.uuid}`)).status).toBe(404);
  });
});

describe('summary draft (item 5)', () => {
  const query = 'query($uuid: String!) { case(uuid: $uuid) { summaryDraft } }';
  const save = 'mutation($uuid: String!, $summary: String!) { saveSummaryDraft(uuid: $uuid, summary: $summary) }';

  it('only the assigned specialist writes and reads it, while the case is accepted; the review ends it', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'accepted',
    });
    const saved = await specialistClient.gql(save, { uuid: kase.uuid, summary: 'Early mitral valve disease.' });
    expect(saved.errors).toBeUndefined();
    expect((await specialistClient.gql(query, { uuid: kase.uuid })).data.case.summaryDraft).toBe(
      'Early mitral valve disease.',
    );
    // The vet reads the case but not the draft; another specialist can do neither.
    expect((await vetClient.gql(query, { uuid: kase.uuid })).data.case.summaryDraft).toBeNull();
    expect((await vetClient.gql(save, { uuid: kase.uuid, summary: 'x' })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await otherSpecialistClient.gql(save, { uuid: kase.uuid, summary: 'x' })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await otherSpecialistClient.gql(query, { uuid: kase.uuid })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );

    const review = await specialistClient.post(`/api/cases/${kase.uuid}/review`, { summary: 'Final opinion.' });
    expect(review.status).toBe(200);
    const after = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after).toMatchObject({ summary: 'Final opinion.', summaryDraft: null });
    expect((await specialistClient.gql(save, { uuid: kase.uuid, summary: 'late' })).errors?.[0]?.extensions?.code).toBe(
      'CONFLICT',
    );
  });

  it('a summary draft longer than the limit is refused with a clear error', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'accepted',
    });
    const tooLong = await specialistClient.gql(save, { uuid: kase.uuid, summary: 'a'.repeat(50001) });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
