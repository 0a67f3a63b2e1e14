import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/generated/prisma/client';
import { consultFields, multipart } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let vet: User;
let specialist: User;
let vetClient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
  vetClient = await signedInClient(server.url, vet);
});
afterAll(() => server.close());

describe('draft sync', () => {
  it('a second save from the same version gets 409 naming the differing fields; no write is lost', async () => {
    const created = await vetClient.post('/api/consults/drafts', { patientName: 'Milo', breed: 'Boxer', age: '3' });
    const { uuid } = created.body;
    // Tab A saves over version 1.
    const first = await vetClient.put(`/api/consults/drafts/${uuid}`, {
      version: 1,
      patientName: 'Milo',
      breed: 'Boxer mix',
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    // Tab B still holds version 1.
    const second = await vetClient.put(`/api/consults/drafts/${uuid}`, {
      version: 1,
      patientName: 'Milo',
      breed: 'Boxer',
      clinicalSigns: 'Lethargy for two days',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      message: 'This draft has been updated elsewhere. Please resolve the conflict.',
      conflict: true,
      serverVersion: 2,
      conflictFields: ['breed', 'clinicalSigns'],
      serverData: { uuid, version: 2, breed: 'Boxer mix', patientName: 'Milo' },
    });
    // Tab A's write survived; "Keep My Changes" re-saves over the server version.
    const kept = await vetClient.put(`/api/consults/drafts/${uuid}`, {
      version: 2,
      breed: 'Boxer',
      clinicalSigns: 'Lethargy for two days',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      version: 3,
      breed: 'Boxer',
      clinicalSigns: 'Lethargy for two days',
      patientName: 'Milo',
    });
  });

  it('over GraphQL the conflict carries the same details in extensions', async () => {
    const draft = await vetClient.gql('mutation { saveDraft(input: { patientName: "Nala" }) { uuid version } }');
    const { uuid } = draft.data.saveDraft;
    const save = (name: string) =>
      vetClient.gql(
        'mutation ($uuid: String, $input: ConsultInput!) { saveDraft(uuid: $uuid, version: 1, input: $input) { version } }',
        {
          uuid,
          input: { patientName: name },
        },
      );
    expect((await save('Nala B')).data.saveDraft.version).toBe(2);
    const stale = await save('Nala C');
    expect(stale.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      conflict: true,
      serverVersion: 2,
      conflictFields: ['patientName'],
    });
  });

  it('invalid fields give 400 with an errors list; a draft may be incomplete and emails may be empty', async () => {
    const bad = await vetClient.post('/api/consults/drafts', { contactEmail: 'not-an-email', age: '120' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['contactEmail', 'Please enter a valid email address'],
      ['age', 'Please enter a valid age'],
    ]);
    const empty = await vetClient.post('/api/consults/drafts', multipart({ contactEmail: '', patientName: 'Zed' }));
    expect(empty.status).toBe(201);
    expect(empty.body.contactEmail).toBeNull();
    const noVersion = await vetClient.put(`/api/consults/drafts/${empty.body.uuid}`, { patientName: 'Zed' });
    expect(noVersion.status).toBe(400);
  });

  it('lists newest first, loads, deletes, and start-payment checks the full consult rules', async () => {
    const owner = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, owner);
    const a = (await client.post('/api/consults/drafts', { patientName: 'First' })).body;
    const b = (await client.post('/api/consults/drafts', { patientName: 'Second' })).body;
    await client.put(`/api/consults/drafts/${a.uuid}`, { version: 1, patientName: 'First again' });
    const list = await client.get('/api/consults/drafts');
    expect(list.body.map((d: { uuid: string }) => d.uuid)).toEqual([a.uuid, b.uuid]);
    expect((await client.get(`/api/consults/drafts/${b.uuid}`)).body.patientName).toBe('Second');

    const incomplete = await client.post(`/api/consults/drafts/${b.uuid}/start-payment`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.map((e: { message: string }) => e.message)).toContain('Please select a species');
    expect((await server.database.db.case.findUniqueOrThrow({ where: { uuid: b.uuid } })).status).toBe('draft');

    await client.put(`/api/consults/drafts/${b.uuid}`, { ...consultFields(specialist.id), version: 1 });
    const started = await client.post(`/api/consults/drafts/${b.uuid}/start-payment`);
    expect(started.body.status).toBe('pending_payment');
    // Issue 22: a case awaiting payment stays the vet's unpaid work, read and saved like a draft.
    const unpaid = (await client.get(`/api/consults/drafts/${b.uuid}`)).body;
    expect(unpaid.status).toBe('pending_payment');
    const edited = await client.put(`/api/consults/drafts/${b.uuid}`, { version: unpaid.version, breed: 'Collie' });
    expect(edited.status).toBe(200);

    expect((await client.delete(`/api/consults/drafts/${a.uuid}`)).status).toBe(200);
    expect((await client.get(`/api/consults/drafts/${a.uuid}`)).status).toBe(404);
    const byId = (await client.post('/api/consults/drafts', { patientName: 'By id' })).body;
    expect((await client.delete(`/api/consults/drafts/${byId.id}`)).status).toBe(200);
    expect((await client.get('/api/consults/drafts')).body.map((d: { uuid: string }) => d.uuid)).toEqual([b.uuid]);
  });
});
