import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MAIL_TASK } from '../src/domain/notifications/account-mails';
import type { User } from '../src/generated/prisma/client';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// The administrator's pages (SPEC §2 /admin/specialists, /admin/users), enforced on the server.

let database: TestDatabase; // this file runs the queue: its own jobs only (helpers/database.ts)
let server: TestServer;
let adminClient: TestClient;
beforeAll(async () => {
  database = await fileDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  adminClient = await signedInClient(server.url, await createUser(server.database.db, { role: 'ADMIN' }));
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const db = () => server.database.db;
const pendingSpecialist = () => createUser(db(), { role: 'SPECIALIST', approved: false, specialty: 'Oncology' });

/** The approval mails sent to `email`, once the queue has run the approval-mail jobs now due. */
async function outboxMailTo(email: string): Promise<string[]> {
  await server.services.jobs.runDue(undefined, [APPROVAL_MAIL_TASK]);
  const dir = join(server.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${email}`));
}

describe('non-admins are refused on every admin path', () => {
  it('REST answers 403 to a veterinarian and a specialist, 401 without a session', async () => {
    const target = await pendingSpecialist();
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const specialist = await signedInClient(server.url, await createUser(db(), { role: 'SPECIALIST', approved: true }));
    const calls = (client: TestClient) => [
      client.get('/api/admin/pending-specialists'),
      client.put(`/api/admin/approve-specialist/${target.id}`),
      client.post('/api/admin/approve-specialist', { specialistId: target.id }),
      client.post('/api/admin/reject-specialist', { specialistId: target.id }),
      client.get('/api/admin/users'),
    ];
    for (const client of [vet, specialist]) {
      for (const response of await Promise.all(calls(client))) expect(response.status).toBe(403);
    }
    for (const response of await Promise.all(calls(new TestClient(server.url)))) expect(response.status).toBe(401);
    const unchanged = await db().user.findUnique({ where: { id: target.id } });
    expect(unchanged?.approved).toBe(false);
  });

  it('GraphQL answers FORBIDDEN to a veterinarian', async () => {
    const target = await pendingSpecialist();
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    for (const [query, variables] of [
      ['{ pendingSpecialists { id } }', {}],
      ['{ users { id } }', {}],
      ['mutation ($id: Int!) { approveSpecialist(specialistId: $id) { id } }', { id: target.id }],
      ['mutation ($id: Int!) { rejectSpecialist(specialistId: $id) { id } }', { id: target.id }],
    ] as const) {
      const result = await vet.gql(query, variables);
      expect(result.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
    expect((await db().user.findUnique({ where: { id: target.id } }))?.approved).toBe(false);
  });
});

describe('specialist approval', () => {
  it('lists pending and approved specialists, pending first; ?approved=false narrows to pending', async () => {
    const pending = await pendingSpecialist();
    const approved = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const vet = await createUser(db(), { role: 'VETERINARIAN' });
    const all = await adminClient.get('/api/admin/pending-specialists');
    expect(all.status).toBe(200);
    const ids = all.body.map((u: User) => u.id);
    expect(ids).toContain(pending.id);
    expect(ids).toContain(approved.id);
    expect(ids).not.toContain(vet.id);
    const firstApproved = all.body.findIndex((u: User) => u.approved);
    expect(all.body.slice(0, firstApproved).every((u: User) => !u.approved)).toBe(true);
    expect(all.body.find((u: User) => u.id === pending.id)).toMatchObject({
      name: pending.name,
      email: pending.email,
      username: pending.username,
      specialty: 'Oncology',
      approved: false,
    });
    expect(all.body[0].passwordHash).toBeUndefined();

    const onlyPending = await adminClient.get('/api/admin/pending-specialists?approved=false');
    expect(onlyPending.body.every((u: User) => !u.approved)).toBe(true);
    const gql = await adminClient.gql('{ pendingSpecialists { id approved } }');
    expect(gql.data.pendingSpecialists.map((u: User) => u.id)).toContain(pending.id);
    expect(gql.data.pendingSpecialists.map((u: User) => u.id)).not.toContain(approved.id);
  });

  it('PUT approve returns the name, sends the confirmation e-mail and makes the specialist listed', async () => {
    const specialist = await createUser(db(), {
      role: 'SPECIALIST',
      approved: false,
      specialty: `Oncology-approve-${Date.now()}`,
    });
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const directory = () =>
      vet.get(`/api/user/specialists?specialty=${encodeURIComponent(specialist.specialty ?? '')}`);
    expect((await directory()).body).toEqual([]);

    const response = await adminClient.put(`/api/admin/approve-specialist/${specialist.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: specialist.id, name: specialist.name, approved: true });
    const mails = await outboxMailTo(specialist.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/approved/i);
    expect((await directory()).body.map((s: { id: number }) => s.id)).toEqual([specialist.id]);

    // Approving again changes nothing and sends no second e-mail.
    expect((await adminClient.post('/api/admin/approve-specialist', { specialistId: specialist.id })).status).toBe(200);
    expect(await outboxMailTo(specialist.email)).toHaveLength(1);
  });

  it('POST approve and GraphQL approve work too', async () => {
    const viaPost = await pendingSpecialist();
    const post = await adminClient.post('/api/admin/approve-specialist', { specialistId: viaPost.id });
    expect(post.status).toBe(200);
    expect((await db().user.findUnique({ where: { id: viaPost.id } }))?.approved).toBe(true);

    const viaGql = await pendingSpecialist();
    const gql = await adminClient.gql(
      'mutation ($id: Int!) { approveSpecialist(specialistId: $id) { id name approved } }',
      {
        id: viaGql.id,
      },
    );
    expect(gql.data.approveSpecialist).toEqual({ id: viaGql.id, name: viaGql.name, approved: true });
  });

  it('approving an unknown id or a veterinarian answers 404', async () => {
    const vet = await createUser(db(), { role: 'VETERINARIAN' });
    expect((await adminClient.put(`/api/admin/approve-specialist/${vet.id}`)).status).toBe(404);
    expect((await adminClient.put('/api/admin/approve-specialist/999999999')).status).toBe(404);
    const invalid = await adminClient.post('/api/admin/approve-specialist', { specialistId: 'abc' });
    expect(invalid.status).toBe(400);
  });
});

describe('specialist rejection', () => {
  it('removes the account and its sessions: the rejected specialist is signed out at once', async () => {
    const specialist = await createUser(db(), {
      role: 'SPECIALIST',
      approved: false,
      availability: { create: [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }] },
    });
    const specialistClient = await signedInClient(server.url, specialist);
    expect((await specialistClient.get('/api/auth/check')).status).toBe(200);

    const response = await adminClient.post('/api/admin/reject-specialist', { specialistId: specialist.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: specialist.id, name: specialist.name });

    expect((await specialistClient.get('/api/auth/check')).status).toBe(401);
    const gql = await specialistClient.gql('{ me { id } }');
    expect(gql.data.me).toBeNull();
    expect(await db().user.findUnique({ where: { id: specialist.id } })).toBeNull();
    expect(await db().session.count({ where: { userId: specialist.id } })).toBe(0);
    expect(await db().availability.count({ where: { specialistId: specialist.id } })).toBe(0);
    expect((await adminClient.post('/api/admin/reject-specialist', { specialistId: specialist.id })).status).toBe(404);
  });

  it('refuses to remove an approved specialist or one that cases refer to', async () => {
    const approved = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const approvedResponse = await adminClient.post('/api/admin/reject-specialist', { specialistId: approved.id });
    expect(approvedResponse.status).toBe(409);
    expect(approvedResponse.body.message).toBe('Only pending specialist applications can be rejected');

    const withCase = await pendingSpecialist();
    const vet = await createUser(db(), { role: 'VETERINARIAN' });
    await db().case.create({ data: { vetId: vet.id, specialistId: withCase.id, status: 'pending' } });
    const caseResponse = await adminClient.post('/api/admin/reject-specialist', { specialistId: withCase.id });
    expect(caseResponse.status).toBe(409);
    expect(caseResponse.body.message).toBe('This specialist is assigned to cases and cannot be removed');
    expect(await db().user.findUnique({ where: { id: withCase.id } })).not.toBeNull();
  });

  it('works over GraphQL', async () => {
    const specialist = await pendingSpecialist();
    const gql = await adminClient.gql('mutation ($id: Int!) { rejectSpecialist(specialistId: $id) { id name } }', {
      id: specialist.id,
    });
    expect(gql.data.rejectSpecialist).toEqual({ id: specialist.id, name: specialist.name });
    expect(await db().user.findUnique({ where: { id: specialist.id } })).toBeNull();
  });
});

describe('all users', () => {
  it('lists every account with the fields of /admin/users', async () => {
    const vet = await createUser(db(), { role: 'VETERINARIAN', stripeCustomerId: 'cus_test_123' });
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: false, specialty: 'Surgery' });
    const response = await adminClient.get('/api/admin/users');
    expect(response.status).toBe(200);
    const byId = new Map(response.body.map((u: User) => [u.id, u]));
    expect(byId.get(vet.id)).toMatchObject({
      name: vet.name,
      role: 'VETERINARIAN',
      approved: true,
      email: vet.email,
      username: vet.username,
      clinicName: 'Test Clinic',
      clinicAddress: '1 Test St, Toronto, ON M5V 3A8',
      timezone: 'America/Toronto',
      stripeCustomerId: 'cus_test_123',
      stripeCustomerSynced: false,
      createdAt: vet.createdAt.toISOString(),
    });
    expect(byId.get(specialist.id)).toMatchObject({ role: 'SPECIALIST', approved: false, specialty: 'Surgery' });
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');

    const gql = await adminClient.gql('{ users { id email role stripeCustomerId } }');
    expect(gql.data.users.find((u: { id: number }) => u.id === vet.id)).toEqual({
      id: vet.id,
      email: vet.email,
      role: 'VETERINARIAN',
      stripeCustomerId: 'cus_test_123',
    });
  });
});
