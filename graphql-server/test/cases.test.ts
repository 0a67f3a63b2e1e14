import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import { consultFields, createCase, multipart, PDF, PNG, succeededPayment } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let vet: User;
let specialist: User;
let vetClient: TestClient;
let specialistClient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' });
  vetClient = await signedInClient(server.url, vet);
  specialistClient = await signedInClient(server.url, specialist);
});
afterAll(() => server.close());

async function download(client: TestClient, path: string) {
  const response = await fetch(server.url + path, { headers: { cookie: client.cookieHeader } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function listUploads(): Promise<string[]> {
  const root = server.config.uploadsDir;
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('case workflow over REST', () => {
  it('vet drafts, starts payment, submits with files, specialist accepts and reviews, vet downloads and revisits', async () => {
    // Draft: created with a few fields, then completed over the version it was based on.
    const created = await vetClient.post('/api/consults/drafts', { patientName: 'Biscuit', species: 'Canine', age: 4 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1, patientName: 'Biscuit' });
    const uuid: string = created.body.uuid;
    const fields = consultFields(specialist.id);
    const saved = await vetClient.put(`/api/consults/drafts/${uuid}`, { ...fields, version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ uuid, version: 2, contactEmail: 'owner@example.com' });
    const drafts = await vetClient.get('/api/consults/drafts');
    expect(drafts.body.map((d: { uuid: string }) => d.uuid)).toContain(uuid);

    const started = await vetClient.post(`/api/consults/drafts/${uuid}/start-payment`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ uuid, status: 'pending_payment' });

    // The payments module records a succeeded payment for the case; the final submission activates it.
    const payment = await succeededPayment(server.database.db, { caseId: started.body.caseId, userId: vet.id });
    const submitted = await vetClient.post(
      '/api/cases',
      multipart({ ...fields, caseId: uuid, paymentIntentId: payment.providerPaymentIntentId, couponCode: '' }, [
        { name: 'x-ray.png', bytes: PNG, type: 'image/png' },
        { name: 'bloodwork.pdf', bytes: PDF, type: 'application/pdf' },
      ]),
    );
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({
      uuid,
      status: 'pending',
      isPaid: true,
      paymentAmount: 16950,
      label: 'New Consult',
      shortId: uuid.slice(0, 8),
      vet: { name: vet.name, clinicName: 'Test Clinic' },
      specialist: { name: specialist.name },
      vetName: vet.name,
      description: fields.clinicalSigns,
      age: 4,
      specialistResponses: [{ questionId: 1, questionText: 'Murmur grade?', answer: 'III/VI' }],
    });
    expect(submitted.body.files.map((f: { filename: string; fileType: string }) => [f.filename, f.fileType])).toEqual([
      ['x-ray.png', 'image/png'],
      ['bloodwork.pdf', 'application/pdf'],
    ]);
    const paymentRow = await server.database.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(paymentRow.activatedAt).not.toBeNull();

    // The specialist sees it among available cases and in the assigned list, then accepts.
    const available = await specialistClient.get(
      `/api/cases?userId=${specialist.id}&role=specialist&specialty=Cardiology&status=pending`,
    );
    expect(available.status).toBe(200);
    expect(available.body.map((c: { uuid: string }) => c.uuid)).toContain(uuid);
    const accepted = await specialistClient.post(`/api/cases/${submitted.body.id}/accept`, {
      specialistId: specialist.id,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ uuid, status: 'accepted', statusLabel: 'In Progress' });
    expect(accepted.body.acceptedAt).toBeTruthy();

    // Review with one attachment.
    const reviewed = await specialistClient.post(
      `/api/cases/${submitted.body.id}/review`,
      multipart(
        { summary: '  Early MMVD, stage B1. Recheck echo in 6 months.  ', specialistId: String(specialist.id) },
        [{ name: 'report.pdf', bytes: PDF }],
      ),
    );
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      status: 'reviewed',
      summary: 'Early MMVD, stage B1. Recheck echo in 6 months.',
    });
    expect(reviewed.body.reviewedAt).toBeTruthy();
    const summaryFiles = reviewed.body.files.filter((f: { fileCategory: string }) => f.fileCategory === 'summary');
    expect(summaryFiles.map((f: { filename: string }) => f.filename)).toEqual(['report.pdf']);

    // The vet lists, downloads one file under its name, and downloads all input files as a zip.
    const list = await vetClient.get(`/api/cases/${uuid}/files`);
    expect(list.body).toHaveLength(3);
    const png = list.body.find((f: { filename: string }) => f.filename === 'x-ray.png');
    const file = await download(vetClient, png.url);
    expect(file.response.status).toBe(200);
    expect(file.response.headers.get('content-type')).toBe('image/png');
    expect(file.response.headers.get('content-disposition')).toBe(
      `attachment; filename="x-ray.png"; filename*=UTF-8''x-ray.png`,
    );
    expect(file.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.equals(PNG)).toBe(true);
    const zip = await download(vetClient, `/api/cases/${uuid}/download-all`);
    expect(zip.response.status).toBe(200);
    expect(zip.response.headers.get('content-type')).toBe('application/zip');
    expect(zip.response.headers.get('content-disposition')).toContain(`case-${uuid.slice(0, 8)}-files.zip`);
    expect(zip.bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect(zip.bytes.includes(Buffer.from('x-ray.png'))).toBe(true);
    expect(zip.bytes.includes(Buffer.from('bloodwork.pdf'))).toBe(true);
    expect(zip.bytes.includes(Buffer.from('report.pdf'))).toBe(false);

    // Revisit twice: linked cases numbered along the chain, unpaid until a revisit payment is used.
    const revisit = await vetClient.post(
      '/api/cases/revisit',
      multipart(
        {
          originalCaseUuid: uuid,
          specialistId: String(specialist.id),
          clinicalSigns: 'Cough resolved, new exercise intolerance.',
          questions: 'Should we start pimobendan now?',
          termsAccepted: 'true',
        },
        [{ name: 'echo.png', bytes: PNG }],
      ),
    );
    expect(revisit.status).toBe(201);
    expect(revisit.body).toMatchObject({
      status: 'pending_payment',
      originalCaseId: submitted.body.id,
      baseUuid: uuid,
      revisitNumber: 1,
      revisionNumber: 1,
      label: 'Revisit #1',
      isRevisit: true,
      patientName: 'Biscuit',
      specialistId: specialist.id,
    });
    expect(revisit.body.displayId).toBe(`${revisit.body.uuid.slice(0, 8)}-R1`);
    const revisitPayment = await succeededPayment(server.database.db, {
      caseId: submitted.body.id,
      userId: vet.id,
      type: 'revisit',
    });
    const second = await vetClient.post('/api/cases/revisit', {
      originalCaseUuid: uuid,
      clinicalSigns: 'Exercise intolerance persists after two weeks.',
      questions: 'Would you adjust the dose of pimobendan?',
      termsAccepted: true,
      paymentIntentId: revisitPayment.providerPaymentIntentId,
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ revisitNumber: 2, label: 'Revisit #2', status: 'pending', isPaid: true });

    const stats = await specialistClient.get(`/api/stats?userId=${specialist.id}&role=specialist`);
    expect(stats.status).toBe(200);
    expect(stats.body.completedThisWeek).toBeGreaterThanOrEqual(1);
    expect(stats.body.pendingCount).toBeGreaterThanOrEqual(1);
  });

  it('a submission without a succeeded payment stays pending_payment and is invisible to the specialist', async () => {
    const response = await vetClient.post('/api/cases', multipart(consultFields(specialist.id)));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'pending_payment', isPaid: false });
    const read = await specialistClient.get(`/api/cases/${response.body.uuid}`);
    expect(read.status).toBe(403);
    const assigned = await specialistClient.get(`/api/cases/specialist/${specialist.id}`);
    expect(assigned.body.map((c: { uuid: string }) => c.uuid)).not.toContain(response.body.uuid);
  });

  it('the final submission reports the first invalid field with the spec message', async () => {
    const response = await vetClient.post(
      '/api/cases',
      multipart(consultFields(specialist.id, { termsAccepted: 'false', age: '0' })),
    );
    expect(response.status).toBe(400);
    const messages = response.body.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Age must be greater than 0');
    expect(messages).toContain('You must accept the terms and conditions to proceed');
  });

  it('lists search by pet name, breed and short id, and filter by status', async () => {
    const db = server.database.db;
    const owner = await createUser(db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, owner);
    const a = await createCase(db, {
      vetId: owner.id,
      specialistId: specialist.id,
      patientName: 'Moonpie',
      status: 'pending',
    });
    await createCase(db, { vetId: owner.id, specialistId: specialist.id, patientName: 'Pickles', status: 'accepted' });
    const names = async (query: string) =>
      ((await client.get(`/api/cases?${query}`)).body as Array<{ patientName: string }>)
        .map((c) => c.patientName)
        .sort();
    expect(await names('search=moon')).toEqual(['Moonpie']);
    expect(await names(`search=${a.uuid.slice(0, 8)}`)).toEqual(['Moonpie']);
    expect(await names('search=labrador')).toEqual(['Moonpie', 'Pickles']);
    expect(await names('status=accepted')).toEqual(['Pickles']);
    expect(await names('status=all')).toEqual(['Moonpie', 'Pickles']);
    expect((await client.get('/api/cases?status=bogus')).status).toBe(400);
  });
});

describe('concurrent accepts', () => {
  it('of 20 simultaneous accepts exactly one succeeds; the others get 409 with a clear message', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'pending',
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        specialistClient.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 200 && s < 300)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(responses.find((r) => r.status === 409)?.body.message).toBe('This case has already been accepted');
    const row = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(row.status).toBe('accepted');
    expect(row.version).toBe(2);
  });
});

describe('case workflow over GraphQL', () => {
  const CASE_FIELDS =
    'id uuid status label version revisitNumber isPaid summary vet { name clinicName } specialist { name } files { filename fileCategory url }';

  it('draft, start payment, activation, accept, review, revisit', async () => {
    const fields = consultFields(specialist.id);
    const input = {
      ...fields,
      age: 4,
      specificSpecialistId: specialist.id,
      termsAccepted: true,
      specialistResponses: [{ questionId: 1, answer: 'III/VI' }],
    };
    const created = await vetClient.gql(
      `mutation ($input: ConsultInput!) { saveDraft(input: $input) { uuid version status } }`,
      { input: { patientName: 'Olive', species: 'Feline' } },
    );
    expect(created.errors).toBeUndefined();
    const uuid = created.data.saveDraft.uuid;
    const saved = await vetClient.gql(
      `mutation ($uuid: String, $version: Int, $input: ConsultInput!) { saveDraft(uuid: $uuid, version: $version, input: $input) { version patientName } }`,
      { uuid, version: 1, input },
    );
    expect(saved.data.saveDraft).toEqual({ version: 2, patientName: 'Biscuit' });
    const drafts = await vetClient.gql('{ drafts { uuid } }');
    expect(drafts.data.drafts.map((d: { uuid: string }) => d.uuid)).toContain(uuid);

    const started = await vetClient.gql(`mutation ($uuid: String!) { startPayment(uuid: $uuid) { id status } }`, {
      uuid,
    });
    expect(started.data.startPayment.status).toBe('pending_payment');

    // Activation as in the product: the final submission carries the case's succeeded payment; a second
    // submission with it activates nothing again.
    const db = server.database.db;
    const payment = await succeededPayment(db, { caseId: started.data.startPayment.id, userId: vet.id });
    const submit = `mutation ($input: ConsultInput!, $caseId: String, $paymentIntentId: String) {
      submitConsult(input: $input, caseId: $caseId, paymentIntentId: $paymentIntentId) { status isPaid version }
    }`;
    const submitArgs = { input, caseId: uuid, paymentIntentId: payment.providerPaymentIntentId };
    const submitted = await vetClient.gql(submit, submitArgs);
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data.submitConsult).toMatchObject({ status: 'pending', isPaid: true });
    const again = await vetClient.gql(submit, submitArgs);
    expect(again.data.submitConsult).toEqual(submitted.data.submitConsult);

    const available = await specialistClient.gql('{ availableCases { uuid } }');
    expect(available.data.availableCases.map((c: { uuid: string }) => c.uuid)).toContain(uuid);
    const accepted = await specialistClient.gql(
      `mutation ($uuid: String!) { acceptCase(uuid: $uuid) { ${CASE_FIELDS} } }`,
      {
        uuid,
      },
    );
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptCase).toMatchObject({
      status: 'accepted',
      isPaid: true,
      vet: { clinicName: 'Test Clinic' },
    });

    const empty = await specialistClient.gql(
      `mutation ($uuid: String!) { submitReview(uuid: $uuid, summary: "   ") { status } }`,
      {
        uuid,
      },
    );
    expect(empty.errors?.[0]).toMatchObject({
      message: 'Please provide a summary before submitting',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const reviewed = await specialistClient.gql(
      `mutation ($uuid: String!) { submitReview(uuid: $uuid, summary: "Hyperthyroid; start methimazole.") { ${CASE_FIELDS} } }`,
      { uuid },
    );
    expect(reviewed.data.submitReview).toMatchObject({
      status: 'reviewed',
      summary: 'Hyperthyroid; start methimazole.',
    });

    const detail = await vetClient.gql(`query ($uuid: String!) { case(uuid: $uuid) { ${CASE_FIELDS} reviewedAt } }`, {
      uuid,
    });
    expect(detail.data.case).toMatchObject({ uuid, status: 'reviewed', label: 'New Consult' });

    const revisit = await vetClient.gql(
      `mutation ($input: RevisitInput!) { createRevisit(input: $input) { ${CASE_FIELDS} originalCase { uuid } } }`,
      {
        input: {
          originalCaseUuid: uuid,
          clinicalSigns: 'Weight loss continues despite treatment.',
          questions: 'Should the methimazole dose be increased?',
          termsAccepted: true,
        },
      },
    );
    expect(revisit.errors).toBeUndefined();
    expect(revisit.data.createRevisit).toMatchObject({
      status: 'pending_payment',
      label: 'Revisit #1',
      revisitNumber: 1,
      originalCase: { uuid },
    });

    const mine = await vetClient.gql(
      `{ myCases(status: reviewed, first: 50) { uuid } dashboardStats { activeCount completedThisWeek pendingCount } }`,
    );
    expect(mine.data.myCases.map((c: { uuid: string }) => c.uuid)).toContain(uuid);
    expect(mine.data.dashboardStats.completedThisWeek).toBeGreaterThanOrEqual(1);
  });

  it('myCases pages with a cursor, newest first', async () => {
    const db = server.database.db;
    const owner = await createUser(db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, owner);
    for (let i = 0; i < 5; i++) await createCase(db, { vetId: owner.id, patientName: `Pet ${i}` });
    const first = await client.gql('{ myCases(first: 2) { uuid patientName } }');
    expect(first.data.myCases.map((c: { patientName: string }) => c.patientName)).toEqual(['Pet 4', 'Pet 3']);
    const next = await client.gql('query ($after: String) { myCases(first: 2, after: $after) { patientName } }', {
      after: first.data.myCases[1].uuid,
    });
    expect(next.data.myCases.map((c: { patientName: string }) => c.patientName)).toEqual(['Pet 2', 'Pet 1']);
  });
});

describe('storage of rejected work', () => {
  it('leaves no stored object behind when a review is refused', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'pending',
    });
    const before = await listUploads();
    const refused = await specialistClient.post(
      `/api/cases/${kase.uuid}/review`,
      multipart({ summary: 'Too early' }, [{ name: 'r.pdf', bytes: PDF }]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This case must be accepted before it can be reviewed');
    expect(await listUploads()).toEqual(before);
  });
});
