import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DELIVER_TASK, notify } from '../src/domain/notifications/notify';
import { DRAFT_REMINDER_TASK, PENDING_REMINDER_TASK } from '../src/domain/notifications/reminders';
import type { User } from '../src/generated/prisma/client';
import { createPrismaClient } from '../src/lib/db/client';
import { createCase } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { decoded, type SmtpInbox, startSmtpInbox } from './helpers/smtp';

// Issue 14, notification e-mail through the durable queue, against a real SMTP server (smtp-server):
// each message sent once to the right person with the right links, not sent when its switch is off; a
// failed first SMTP attempt retried and delivered; a runner that dies between enqueue and send (or after
// sending) delivers exactly once; two server instances on one database deliver exactly once; reminder
// timing by the queue's scheduled run time (no real waits); one-click unsubscribe without a session.

const PUBLIC_URL = 'https://vetconsult.example';

let inbox: SmtpInbox;
// This file runs the queue (runDue, and two servers whose runners run): on a database of its own, it
// takes its own jobs only (helpers/database.ts).
let database: TestDatabase;
let server: TestServer;
let vet: User;
let specialist: User;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = await fileDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    publicUrl: PUBLIC_URL,
    mail: inbox.mail,
    jobs: { inProcess: false, pollMs: 20, backoffMs: 10 },
  });
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN', name: 'Dr. Anna Martin' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true, name: 'Dr. Priya Patel' });
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
  await database?.drop();
});

const mailsTo = (user: User) => inbox.mailsTo(user);
const deliver = (at?: Date) => server.services.jobs.runDue(at, [DELIVER_TASK]);

async function assignedCase(patientName: string, specialistId = specialist.id) {
  const db = server.database.db;
  const kase = await createCase(db, { vetId: vet.id, specialistId, patientName, status: 'pending_payment' });
  const activated = await db.$transaction(async (tx) => {
    const row = await tx.case.update({
      where: { id: kase.id },
      data: { status: 'pending', activatedAt: new Date(), isPaid: true, version: { increment: 1 } },
    });
    await notify(tx, { type: 'case_activated', caseId: row.id });
    return row;
  });
  return activated;
}

describe('notification e-mail', () => {
  it('sends each message once to the right person, with absolute links and a one-click unsubscribe', async () => {
    inbox.clear();
    const kase = await assignedCase('Bella');
    await deliver();
    await deliver(); // a second pass finds nothing to send
    const mails = mailsTo(specialist);
    expect(mails).toHaveLength(1);
    const mail = decoded(mails[0]?.raw ?? '');
    expect(mail).toContain('Subject: New consult: Bella');
    expect(mail).toContain(`${PUBLIC_URL}/consults/${kase.uuid}`);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toMatch(
      /List-Unsubscribe: <https:\/\/vetconsult\.example\/api\/notifications\/unsubscribe\?token=[^>]+>/,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mailsTo(vet)).toHaveLength(0);

    // The review's mail carries the summary's first lines, to the vet.
    const db = server.database.db;
    await db.$transaction(async (tx) => {
      await tx.case.update({
        where: { id: kase.id },
        data: {
          status: 'reviewed',
          summary: 'Early MMVD, stage B1.\nRecheck echo in 6 months.',
          version: { increment: 1 },
        },
      });
      await notify(tx, { type: 'case_reviewed', caseId: kase.id });
    });
    await deliver();
    const review = decoded(mailsTo(vet)[0]?.raw ?? '');
    expect(mailsTo(vet)).toHaveLength(1);
    expect(review).toContain('Subject: Consult reviewed: Bella');
    expect(review).toContain('Recheck echo in 6 months.');
    expect(review).toContain(`${PUBLIC_URL}/consults/${kase.uuid}`);
  });

  it('is not sent when the recipient turned its switch off (the in-app row is still made)', async () => {
    inbox.clear();
    const quiet = await createUser(server.database.db, { role: 'SPECIALIST', approved: true, notifyNewCases: false });
    const kase = await assignedCase('Milo', quiet.id);
    await deliver();
    expect(mailsTo(quiet)).toHaveLength(0);
    expect(await server.database.db.notification.count({ where: { recipientId: quiet.id, caseId: kase.id } })).toBe(1);
  });

  it('retries a failed SMTP attempt with backoff and delivers once', async () => {
    inbox.clear();
    inbox.refuseNext(1);
    const kase = await assignedCase('Oscar');
    const [notification] = await server.database.db.notification.findMany({ where: { caseId: kase.id } });
    await deliver(new Date());
    expect(mailsTo(specialist)).toHaveLength(0);
    const job = await server.database.db.job.findUniqueOrThrow({ where: { key: `deliver:${notification?.id}` } });
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job.lastError).toContain('try again later');
    await deliver(new Date(Date.now() + 60_000));
    expect(mailsTo(specialist)).toHaveLength(1);
    expect(decoded(mailsTo(specialist)[0]?.raw ?? '')).toContain(kase.uuid);
  });

  it('a runner that dies after claiming, or after sending, still delivers exactly once', async () => {
    inbox.clear();
    const db = server.database.db;
    const kase = await assignedCase('Luna');
    const [notification] = await db.notification.findMany({ where: { caseId: kase.id } });
    const key = `deliver:${notification?.id}`;
    // A runner claimed the job and died (its lease is still running): nobody else takes it meanwhile.
    await db.job.update({
      where: { key },
      data: { lockedBy: 'dead-runner', lockedUntil: new Date(Date.now() + 5 * 60_000), attempts: 1 },
    });
    await deliver();
    expect(mailsTo(specialist)).toHaveLength(0);
    // Once the lease has run out, another runner (or the restarted one) delivers it.
    await deliver(new Date(Date.now() + 6 * 60_000));
    expect(mailsTo(specialist)).toHaveLength(1);
    // A runner that sent and died before marking the job done: the job runs again, nothing is resent.
    await db.job.update({ where: { key }, data: { doneAt: null, lockedBy: null, lockedUntil: null } });
    await deliver();
    expect(mailsTo(specialist)).toHaveLength(1);
    expect((await db.job.findUniqueOrThrow({ where: { key } })).doneAt).not.toBeNull();
  });

  it('two server instances on one database deliver each notification exactly once', async () => {
    inbox.clear();
    const options = {
      databaseUrl: database.url,
      publicUrl: PUBLIC_URL,
      mail: inbox.mail,
      jobs: { inProcess: true, pollMs: 10, backoffMs: 10 },
    };
    const [a, b] = await Promise.all([startTestServer(options), startTestServer(options)]);
    try {
      const recipients = await Promise.all(
        Array.from({ length: 6 }, () => createUser(server.database.db, { role: 'SPECIALIST', approved: true })),
      );
      for (const [i, who] of recipients.entries()) await assignedCase(`Pet ${i}`, who.id);
      await expect.poll(() => recipients.reduce((n, who) => n + mailsTo(who).length, 0), { timeout: 15_000 }).toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const who of recipients) expect(mailsTo(who)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('reminders', () => {
  it('a pending case not accepted after the delay gets one reminder, at the scheduled run time', async () => {
    inbox.clear();
    const db = server.database.db;
    const kase = await assignedCase('Rocky');
    await deliver(); // the assignment's delivery schedules the reminder at activation + 4 h
    const job = await db.job.findUniqueOrThrow({ where: { key: `${PENDING_REMINDER_TASK}:${kase.id}` } });
    const activatedAt = kase.activatedAt?.getTime() ?? 0;
    expect(job.runAt.getTime()).toBe(activatedAt + 4 * 60 * 60 * 1000);
    const tasks = [PENDING_REMINDER_TASK, DELIVER_TASK];
    await server.services.jobs.runDue(new Date(activatedAt + 4 * 60 * 60 * 1000 - 60_000), tasks);
    expect(await db.notification.count({ where: { caseId: kase.id, kind: 'reminder_pending' } })).toBe(0);
    const later = new Date(activatedAt + 4 * 60 * 60 * 1000 + 1000);
    await server.services.jobs.runDue(later, tasks);
    await server.services.jobs.runDue(later, tasks);
    const reminders = await db.notification.findMany({ where: { caseId: kase.id, kind: 'reminder_pending' } });
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.recipientId).toBe(specialist.id);
    // The assignment's mail, then the reminder's: one each (the earlier tests' cases, still pending, get theirs too).
    const aboutThis = mailsTo(specialist).filter((m) => decoded(m.raw).includes(kase.uuid));
    expect(aboutThis).toHaveLength(2);
    expect(decoded(aboutThis[1]?.raw ?? '')).toContain('still waiting to be accepted');
  });

  it('an accepted case gets no reminder; a draft untouched for 3 days gets one', async () => {
    const db = server.database.db;
    const kase = await assignedCase('Daisy');
    await deliver();
    await db.case.update({ where: { id: kase.id }, data: { status: 'accepted' } });
    const activatedAt = kase.activatedAt?.getTime() ?? 0;
    await server.services.jobs.runDue(new Date(activatedAt + 5 * 60 * 60 * 1000), [PENDING_REMINDER_TASK]);
    expect(await db.notification.count({ where: { caseId: kase.id, kind: 'reminder_pending' } })).toBe(0);

    const draft = await createCase(db, { vetId: vet.id, status: 'draft', patientName: 'Pepper' });
    const fresh = await createCase(db, { vetId: vet.id, status: 'draft', patientName: 'Fresh' });
    await db.$executeRaw`UPDATE cases SET "updatedAt" = now() - interval '4 days' WHERE id = ${draft.id}`;
    await server.services.jobs.add({ task: DRAFT_REMINDER_TASK, payload: {}, key: `test-sweep:${draft.id}` });
    await server.services.jobs.runDue(new Date(), [DRAFT_REMINDER_TASK]);
    const reminders = await db.notification.findMany({ where: { caseId: { in: [draft.id, fresh.id] } } });
    expect(reminders.map((n) => [n.caseId, n.kind, n.recipientId])).toEqual([[draft.id, 'reminder_draft', vet.id]]);
  });
});

describe('one-click unsubscribe', () => {
  it('flips only its category without a session; a tampered token is refused', async () => {
    inbox.clear();
    const db = server.database.db;
    const who = await createUser(db, { role: 'SPECIALIST', approved: true });
    await assignedCase('Shadow', who.id);
    await deliver();
    const mail = decoded(mailsTo(who)[0]?.raw ?? '');
    const link = mail.match(/List-Unsubscribe: <([^>]+)>/)?.[1] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe?token=`)).toBe(true);
    const path = link.slice(PUBLIC_URL.length);
    const anonymous = new TestClient(server.url);

    const page = await anonymous.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('new case notifications');
    expect((await db.user.findUniqueOrThrow({ where: { id: who.id } })).notifyNewCases).toBe(true);

    const token = new URL(link).searchParams.get('token') ?? '';
    const [payload = '', signature = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: vet.id, c: 'notifyNewCases' })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}xx`, 'nonsense', '']) {
      const refused = await anonymous.request(
        'POST',
        `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        'List-Unsubscribe=One-Click',
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(refused.status).toBe(400);
    }

    const done = await anonymous.request('POST', path, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.status).toBe(200);
    const after = await db.user.findUniqueOrThrow({ where: { id: who.id } });
    expect(after).toMatchObject({ notifyNewCases: false, notifyStatusUpdates: true, notifyReminders: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: vet.id } })).notifyNewCases).toBe(true);

    // Honoured at once: the next new case sends no mail.
    inbox.clear();
    await assignedCase('Shadow II', who.id);
    await deliver();
    expect(mailsTo(who)).toHaveLength(0);
  });
});

// What another test file leaves in the suite's shared database (global-setup.ts): notifications of its
// own users whose delivery jobs nobody ran (the test servers run no queue).
async function foreignDeliveries(count: number) {
  const shared = createPrismaClient(inject('databaseUrl'), 1);
  const vet = await createUser(shared, { role: 'VETERINARIAN' });
  const specialist = await createUser(shared, { role: 'SPECIALIST', approved: true });
  for (let i = 0; i < count; i++) {
    const kase = await createCase(shared, { vetId: vet.id, specialistId: specialist.id, patientName: `Other ${i}` });
    await shared.$transaction((tx) => notify(tx, { type: 'case_activated', caseId: kase.id }));
  }
  const jobs = async () => {
    const ids = await shared.notification.findMany({ where: { recipientId: specialist.id }, select: { id: true } });
    return shared.job.findMany({ where: { key: { in: ids.map(({ id }) => `deliver:${id}`) } } });
  };
  return {
    specialist,
    jobs,
    async remove() {
      await shared.job.deleteMany({ where: { key: { in: (await jobs()).map((job) => job.key ?? '') } } });
      await shared.case.deleteMany({ where: { vetId: vet.id } });
      await shared.user.deleteMany({ where: { id: { in: [vet.id, specialist.id] } } });
      await shared.$disconnect();
    },
  };
}

describe('isolation', () => {
  it("runs only this file's jobs: another file's pending deliveries are neither sent nor taken", async () => {
    const other = await foreignDeliveries(3);
    try {
      inbox.clear();
      const kase = await assignedCase('Ziggy');
      await deliver();
      expect(mailsTo(specialist).filter((mail) => decoded(mail.raw).includes(kase.uuid))).toHaveLength(1);
      expect(mailsTo(other.specialist)).toHaveLength(0);
      const theirs = await other.jobs();
      expect(theirs).toHaveLength(3);
      for (const job of theirs) expect(job).toMatchObject({ attempts: 0, doneAt: null, lockedBy: null });
    } finally {
      await other.remove();
    }
  });
});
