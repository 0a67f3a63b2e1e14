import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/domain/notifications/notify';
import type { User } from '../src/generated/prisma/client';
import { consultFields, createCase, multipart, succeededPayment } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Issue 14, the in-app notification centre: each state change that notifies makes one row for the right
// person, in the change's transaction (a rolled-back change makes none); reads and marks are one's own
// only, through GraphQL and REST alike; notificationAdded reaches only its recipient; rows older than 90
// days are deleted by the scheduled retention job (run with a fake clock).

let database: TestDatabase;
let server: TestServer;
let vet: User;
let specialist: User;
let otherVet: User;
let vetClient: TestClient;
let specialistClient: TestClient;
let otherVetClient: TestClient;

beforeAll(async () => {
  // The queue is driven by the tests (runDue, and the retention sweep reads every row): on a database of
  // its own, this file's jobs only (helpers/database.ts).
  database = await fileDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN', name: 'Dr. Anna Martin' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true, name: 'Dr. Priya Patel' });
  otherVet = await createUser(db, { role: 'VETERINARIAN' });
  vetClient = await signedInClient(server.url, vet);
  specialistClient = await signedInClient(server.url, specialist);
  otherVetClient = await signedInClient(server.url, otherVet);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const rowsOf = (recipientId: number, caseId?: number) =>
  server.database.db.notification.findMany({
    where: { recipientId, ...(caseId ? { caseId } : {}) },
    orderBy: { id: 'asc' },
  });

/** A consult of `vet` for `specialist`, through the real path: draft, payment, final submission. */
async function activatedCase(patientName = 'Bella') {
  const fields = consultFields(specialist.id, { patientName });
  const created = await vetClient.post('/api/consults/drafts', { patientName, species: 'Canine', age: 4 });
  const uuid: string = created.body.uuid;
  await vetClient.put(`/api/consults/drafts/${uuid}`, { ...fields, version: 1 });
  const started = await vetClient.post(`/api/consults/drafts/${uuid}/start-payment`);
  const payment = await succeededPayment(server.database.db, { caseId: started.body.caseId, userId: vet.id });
  const submitted = await vetClient.post(
    '/api/cases',
    multipart({ ...fields, caseId: uuid, paymentIntentId: payment.providerPaymentIntentId, couponCode: '' }),
  );
  expect(submitted.status).toBe(201);
  return submitted.body as { id: number; uuid: string };
}

const PAGE = /* GraphQL */ `
  query Page($first: Int) { myNotifications(first: $first) { unreadCount items { id kind text caseUuid createdAt readAt } } }
`;

describe('what notifies whom', () => {
  it('activation tells the named specialist; accepting tells the vet; the review tells the vet its first line', async () => {
    const kase = await activatedCase('Bella');
    const assigned = await rowsOf(specialist.id, kase.id);
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ kind: 'case_assigned', text: 'Dr. Anna Martin sent you Bella’s consult' });
    expect(await rowsOf(vet.id, kase.id)).toHaveLength(0);

    expect((await specialistClient.post(`/api/cases/${kase.uuid}/accept`, {})).status).toBe(200);
    const accepted = await rowsOf(vet.id, kase.id);
    expect(accepted.map((n) => [n.kind, n.text])).toEqual([
      ['case_accepted', 'Dr. Priya Patel accepted Bella’s consult'],
    ]);

    const reviewed = await specialistClient.post(
      `/api/cases/${kase.uuid}/review`,
      multipart({ summary: 'Early MMVD, stage B1.\nRecheck echo in 6 months.', specialistId: String(specialist.id) }),
    );
    expect(reviewed.status).toBe(200);
    const after = await rowsOf(vet.id, kase.id);
    expect(after.map((n) => n.kind)).toEqual(['case_accepted', 'case_reviewed']);
    expect(after[1]?.text).toBe('Dr. Priya Patel reviewed Bella’s consult: Early MMVD, stage B1.');
    // The specialist was told once, at activation only.
    expect(await rowsOf(specialist.id, kase.id)).toHaveLength(1);
  });

  it('accepting a revisit says revisit_accepted', async () => {
    const db = server.database.db;
    const original = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'reviewed' });
    const revisit = await createCase(db, { vetId: vet.id, specialistId: specialist.id, patientName: 'Milo' });
    await db.case.update({ where: { id: revisit.id }, data: { originalCaseId: original.id, revisitNumber: 1 } });
    expect((await specialistClient.post(`/api/cases/${revisit.uuid}/accept`, {})).status).toBe(200);
    const rows = await rowsOf(vet.id, revisit.id);
    expect(rows.map((n) => [n.kind, n.text])).toEqual([
      ['revisit_accepted', 'Dr. Priya Patel accepted Milo’s revisit'],
    ]);
  });

  it('a first-available case tells every approved specialist of its specialty, nobody else', async () => {
    const db = server.database.db;
    const specialty = 'Ophthalmology';
    const a = await createUser(db, { role: 'SPECIALIST', approved: true, specialty });
    const b = await createUser(db, { role: 'SPECIALIST', approved: true, specialty });
    const unapproved = await createUser(db, { role: 'SPECIALIST', approved: false, specialty });
    const elsewhere = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Dermatology' });
    const kase = await createCase(db, { vetId: vet.id, specialty, patientName: 'Luna' });
    await db.case.update({ where: { id: kase.id }, data: { routing: 'first_available' } });
    await db.$transaction((tx) => notify(tx, { type: 'case_activated', caseId: kase.id }));
    for (const who of [a, b]) {
      expect((await rowsOf(who.id, kase.id)).map((n) => [n.kind, n.text])).toEqual([
        ['case_available', `New ${specialty} consult available: Luna, from Dr. Anna Martin`],
      ]);
    }
    expect(await rowsOf(unapproved.id, kase.id)).toHaveLength(0);
    expect(await rowsOf(elsewhere.id, kase.id)).toHaveLength(0);
    // The same change notified again (a job or a call run twice) adds nothing.
    await db.$transaction((tx) => notify(tx, { type: 'case_activated', caseId: kase.id }));
    expect(await rowsOf(a.id, kase.id)).toHaveLength(1);
  });

  it('a rolled-back change leaves no notification and no delivery job', async () => {
    const db = server.database.db;
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
    let ids: number[] = [];
    await expect(
      db.$transaction(async (tx) => {
        ids = await notify(tx, { type: 'case_accepted', caseId: kase.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ids).toHaveLength(1);
    expect(await rowsOf(vet.id, kase.id)).toHaveLength(0);
    expect(await db.job.count({ where: { key: `deliver:${ids[0]}` } })).toBe(0);
  });

  it('a message notifies its recipient unless they are viewing the thread', async () => {
    const db = server.database.db;
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
    await db.case.update({ where: { id: kase.id }, data: { acceptedAt: new Date() } });
    const sent = await vetClient.gql(
      'mutation($u: String!) { sendCaseMessage(caseUuid: $u, body: "Any update on the echo?") { id } }',
      { u: kase.uuid },
    );
    expect(sent.errors).toBeUndefined();
    await expect.poll(() => rowsOf(specialist.id, kase.id)).toHaveLength(1);
    expect((await rowsOf(specialist.id, kase.id))[0]).toMatchObject({
      kind: 'message_received',
      text: 'Dr. Anna Martin sent a message about Rex',
    });

    // The specialist opens the thread (a live caseMessageAdded subscription): no notification.
    const socket = wsClient(server.url, specialistClient.cookieHeader);
    await connected(socket);
    const thread = collect(socket, 'subscription($u: String!) { caseMessageAdded(caseUuid: $u) { id } }', {
      u: kase.uuid,
    });
    await expect.poll(() => server.services.messages.isViewing(specialist.id, kase.uuid)).toBe(true);
    const second = await vetClient.gql(
      'mutation($u: String!) { sendCaseMessage(caseUuid: $u, body: "Never mind, I see it.") { id } }',
      { u: kase.uuid },
    );
    await thread.next((r) => r.data?.caseMessageAdded?.id === second.data.sendCaseMessage.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowsOf(specialist.id, kase.id)).toHaveLength(1);
    thread.dispose();
    await socket.dispose();
  });
});

describe('reading and marking', () => {
  it('lists only my own, newest first, with the unread count; REST answers as GraphQL does', async () => {
    const db = server.database.db;
    const me = await createUser(db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, me);
    const kase = await createCase(db, { vetId: me.id, specialistId: specialist.id, status: 'accepted' });
    for (const [i, text] of ['first', 'second', 'third'].entries()) {
      await db.notification.create({
        data: {
          recipientId: me.id,
          kind: 'case_accepted',
          caseId: kase.id,
          text,
          dedupeKey: `test:${me.id}:${i}`,
          createdAt: new Date(Date.now() - (3 - i) * 1000),
        },
      });
    }
    const graph = await client.gql(PAGE, { first: 2 });
    expect(graph.data.myNotifications.unreadCount).toBe(3);
    expect(graph.data.myNotifications.items.map((n: { text: string }) => n.text)).toEqual(['third', 'second']);
    expect(graph.data.myNotifications.items[0].caseUuid).toBe(kase.uuid);
    const rest = await client.get('/api/notifications?first=2');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      unreadCount: 3,
      items: graph.data.myNotifications.items.map((n: { id: string }) => ({ ...n, id: Number(n.id) })),
    });
    // Someone else sees none of them.
    const theirs = await otherVetClient.gql(PAGE, { first: 100 });
    expect(theirs.data.myNotifications.items.map((n: { text: string }) => n.text)).not.toContain('third');
    expect((await new TestClient(server.url).get('/api/notifications')).status).toBe(401);
    expect((await client.get('/api/notifications?first=0')).status).toBe(400);
  });

  it('marks some, a case’s, or all of mine read; another user’s ids are not touched', async () => {
    const db = server.database.db;
    const me = await createUser(db, { role: 'VETERINARIAN' });
    const client = await signedInClient(server.url, me);
    const kaseA = await createCase(db, { vetId: me.id, status: 'accepted' });
    const kaseB = await createCase(db, { vetId: me.id, status: 'accepted' });
    const make = (recipientId: number, caseId: number, key: string) =>
      db.notification.create({ data: { recipientId, kind: 'case_accepted', caseId, text: key, dedupeKey: key } });
    const a1 = await make(me.id, kaseA.id, `a1:${me.id}`);
    await make(me.id, kaseA.id, `a2:${me.id}`);
    await make(me.id, kaseB.id, `b1:${me.id}`);
    await make(me.id, kaseB.id, `b2:${me.id}`);
    const foreign = await make(otherVet.id, kaseA.id, `foreign:${me.id}`);

    const marked = await client.gql('mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) }', {
      ids: [String(a1.id), String(foreign.id)],
    });
    expect(marked.data.markNotificationsRead).toBe(3);
    expect((await db.notification.findUniqueOrThrow({ where: { id: foreign.id } })).readAt).toBeNull();

    const byCase = await client.gql('mutation($u: String!) { markCaseNotificationsRead(caseUuid: $u) }', {
      u: kaseA.uuid,
    });
    expect(byCase.data.markCaseNotificationsRead).toBe(2);

    const rest = await client.post('/api/notifications/read', {});
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ unreadCount: 0 });
    expect((await db.notification.findUniqueOrThrow({ where: { id: foreign.id } })).readAt).toBeNull();
    expect((await client.post('/api/notifications/read', { ids: ['x'] })).status).toBe(400);
  });
});

describe('notificationAdded', () => {
  it('reaches its recipient only, after the change commits', async () => {
    const vetSocket = wsClient(server.url, vetClient.cookieHeader);
    const otherSocket = wsClient(server.url, otherVetClient.cookieHeader);
    await Promise.all([connected(vetSocket), connected(otherSocket)]);
    const query = 'subscription { notificationAdded { id kind text caseUuid readAt } }';
    const mine = collect(vetSocket, query);
    const theirs = collect(otherSocket, query);
    const db = server.database.db;
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, patientName: 'Oscar' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await specialistClient.post(`/api/cases/${kase.uuid}/accept`, {})).status).toBe(200);
    // Nothing is published before the delivery job runs, and it runs only after the change committed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.received.filter((r) => r.data?.notificationAdded?.caseUuid === kase.uuid)).toHaveLength(0);
    await server.services.jobs.runDue();
    const event = await mine.next((r) => r.data?.notificationAdded?.caseUuid === kase.uuid);
    expect(event.data?.notificationAdded).toMatchObject({
      kind: 'case_accepted',
      text: 'Dr. Priya Patel accepted Oscar’s consult',
      readAt: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.received.filter((r) => r.data?.notificationAdded)).toHaveLength(0);
    mine.dispose();
    theirs.dispose();
    await Promise.all([vetSocket.dispose(), otherSocket.dispose()]);
  });
});

describe('retention', () => {
  it('the scheduled job deletes notifications older than 90 days as of its run time', async () => {
    const db = server.database.db;
    const me = await createUser(db, { role: 'VETERINARIAN' });
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const old = await db.notification.create({
      data: {
        recipientId: me.id,
        kind: 'case_accepted',
        text: 'old',
        dedupeKey: `old:${me.id}`,
        createdAt: new Date(now - 80 * day),
      },
    });
    const recent = await db.notification.create({
      data: {
        recipientId: me.id,
        kind: 'case_accepted',
        text: 'recent',
        dedupeKey: `recent:${me.id}`,
        createdAt: new Date(now - 5 * day),
      },
    });
    // The clock moves 15 days on: the sweep scheduled for that day runs and the 80-day-old row is 95 days old.
    const later = new Date(now + 15 * day);
    await server.services.jobs.add({
      task: 'notifications.retention',
      payload: {},
      key: `test-retention:${me.id}`,
      runAt: later,
    });
    await server.services.jobs.runDue(new Date(now), ['notifications.retention']);
    expect(await db.notification.findUnique({ where: { id: old.id } })).not.toBeNull();
    await server.services.jobs.runDue(later, ['notifications.retention']);
    expect(await db.notification.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.notification.findUnique({ where: { id: recent.id } })).not.toBeNull();
    // It scheduled the next day's sweep.
    const nextDay = new Date(Math.floor(later.getTime() / day) * day + day).toISOString().slice(0, 10);
    expect(await db.job.count({ where: { key: `notifications.retention:${nextDay}` } })).toBe(1);
  });

  it('the same sweep drops jobs finished and mail send records older than 90 days, and nothing newer or pending', async () => {
    const db = server.database.db;
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const tag = `prune-${now}-${Math.random().toString(36).slice(2)}`;
    const job = (name: string, fields: { doneAt?: Date; failedAt?: Date }) =>
      db.job.create({
        data: { task: 'test.prune', payload: {}, key: `${tag}:${name}`, runAt: new Date(now - 100 * day), ...fields },
      });
    const oldDone = await job('old-done', { doneAt: new Date(now - 95 * day) });
    const oldFailed = await job('old-failed', { failedAt: new Date(now - 95 * day) });
    const recentDone = await job('recent-done', { doneAt: new Date(now - 10 * day) });
    const waiting = await job('waiting', {});
    await db.sentMail.create({ data: { key: `${tag}:old`, sentAt: new Date(now - 95 * day) } });
    await db.sentMail.create({ data: { key: `${tag}:recent`, sentAt: new Date(now - 10 * day) } });
    await server.services.jobs.add({
      task: 'notifications.retention',
      payload: {},
      key: `${tag}:sweep`,
      runAt: new Date(now),
    });
    await server.services.jobs.runDue(new Date(now), ['notifications.retention']);
    const left = await db.job.findMany({
      where: { key: { startsWith: `${tag}:` }, task: 'test.prune' },
      select: { id: true },
    });
    expect(left.map((row) => row.id).sort()).toEqual([recentDone.id, waiting.id].sort());
    expect([oldDone.id, oldFailed.id].some((id) => left.some((row) => row.id === id))).toBe(false);
    const mails = await db.sentMail.findMany({ where: { key: { startsWith: `${tag}:` } }, select: { key: true } });
    expect(mails.map((row) => row.key)).toEqual([`${tag}:recent`]);
  });
});
