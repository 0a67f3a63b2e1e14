import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesService } from '../src/domain/messages/messages.service';
import { APPROVAL_MAIL_TASK, RESET_MAIL_TASK } from '../src/domain/notifications/account-mails';
import { DELIVER_TASK, messageNotice, notify } from '../src/domain/notifications/notify';
import { approveSpecialist } from '../src/domain/people/admin.service';
import type { User } from '../src/generated/prisma/client';
import { createEventBus } from '../src/lib/events';
import { createStorage } from '../src/lib/storage';
import { hashToken } from '../src/lib/tokens';
import { createCase } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, signedInClient, TEST_PASSWORD } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { decoded, type SmtpInbox, startSmtpInbox } from './helpers/smtp';

// Issue 14, the transactional mails moved onto the templates and the queue, against a real SMTP server
// (smtp-server): the specialist's approval and the password-reset link are sent once, by a job added in
// the transaction of their change (a rolled-back approval mails nobody), retried after an SMTP failure,
// with no unsubscribe header; the reset link's secret is never in the jobs table, and a reset job that
// runs after the link expired sends nothing. Also: a conversation message's notification is written in
// the message's transaction.

const PUBLIC_URL = 'https://vetconsult.example';

let inbox: SmtpInbox;
let database: TestDatabase; // this file runs the queue: its own jobs only (helpers/database.ts)
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = await fileDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    publicUrl: PUBLIC_URL,
    mail: inbox.mail,
    jobs: { inProcess: false, pollMs: 20, backoffMs: 10 },
  });
  admin = await signedInClient(server.url, await createUser(server.database.db, { role: 'ADMIN' }));
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
  await database?.drop();
});

const db = () => server.database.db;
const mailsTo = (user: { email: string }) => inbox.mailsTo(user).map((m) => decoded(m.raw));
const runMails = (at?: Date) => server.services.jobs.runDue(at, [APPROVAL_MAIL_TASK, RESET_MAIL_TASK]);

async function requestReset(user: User) {
  const response = await new TestClient(server.url).post('/api/password-reset-request', { email: user.email });
  expect(response.status).toBe(200);
  await server.services.auth.settled(); // the link and its job are made off the request path
  return db().passwordResetToken.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: 'desc' } });
}

const linkIn = (mail: string) => mail.match(/https:\/\/vetconsult\.example\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];

describe('the approval mail', () => {
  it('is sent once, to the specialist, from the template (HTML and text), with no unsubscribe header', async () => {
    inbox.clear();
    const specialist = await createUser(db(), {
      role: 'SPECIALIST',
      approved: false,
      name: 'Dr. Lena Ortiz',
      specialty: 'Cardiology',
    });
    expect((await admin.put(`/api/admin/approve-specialist/${specialist.id}`)).status).toBe(200);
    // The job was added with the approval; nothing is sent until it runs.
    const job = await db().job.findUniqueOrThrow({ where: { key: `${APPROVAL_MAIL_TASK}:${specialist.id}` } });
    expect(job.payload).toEqual({ userId: specialist.id });
    expect(mailsTo(specialist)).toHaveLength(0);
    await runMails();
    await runMails();
    // Approving again adds nothing.
    expect((await admin.put(`/api/admin/approve-specialist/${specialist.id}`)).status).toBe(200);
    await runMails();
    // A runner that sent and died before marking its job done: the job runs again and sends nothing.
    await db().job.update({ where: { id: job.id }, data: { doneAt: null } });
    await runMails();
    expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).doneAt).not.toBeNull();

    const mails = mailsTo(specialist);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).toContain('Subject: Your VetConsult specialist account is approved');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain('Hello Dr. Lena Ortiz,');
    expect(mail).toContain('accept cases in Cardiology');
    expect(mail).toContain(`href="${PUBLIC_URL}/auth"`);
    expect(mail).not.toMatch(/List-Unsubscribe/i);
    expect(mail).not.toMatch(/unsubscribe/i);
  });

  it('a rolled-back approval sends nothing', async () => {
    inbox.clear();
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: false, specialty: 'Surgery' });
    await expect(
      db().$transaction(async (tx) => {
        expect(await approveSpecialist(tx, specialist.id)).toBe(true);
        throw new Error('something later in the transaction failed');
      }),
    ).rejects.toThrow('something later');
    expect(await db().job.count({ where: { key: `${APPROVAL_MAIL_TASK}:${specialist.id}` } })).toBe(0);
    await runMails();
    expect(mailsTo(specialist)).toHaveLength(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: specialist.id } })).approved).toBe(false);
  });

  it('a first SMTP failure is retried with backoff and delivered once', async () => {
    inbox.clear();
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: false, specialty: 'Dermatology' });
    inbox.refuseNext(1);
    expect((await admin.put(`/api/admin/approve-specialist/${specialist.id}`)).status).toBe(200);
    await runMails(new Date()); // a fixed clock: the retry is not yet due in this pass
    expect(mailsTo(specialist)).toHaveLength(0);
    const job = await db().job.findUniqueOrThrow({ where: { key: `${APPROVAL_MAIL_TASK}:${specialist.id}` } });
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job.lastError).toContain('try again later');
    await runMails(new Date(Date.now() + 60_000));
    await runMails(new Date(Date.now() + 120_000));
    expect(mailsTo(specialist)).toHaveLength(1);
  });
});

describe('the password-reset mail', () => {
  it('is sent once from the template; its link resets the password through the API', async () => {
    inbox.clear();
    const user = await createUser(db(), { role: 'VETERINARIAN', name: 'Dr. Sam Reyes' });
    const reset = await requestReset(user);
    await runMails();
    await runMails();
    const mails = mailsTo(user);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).toContain('Subject: Reset your VetConsult password');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain('Hello Dr. Sam Reyes,');
    expect(mail).toContain('It expires in 1 hour and works once.');
    expect(mail).not.toMatch(/List-Unsubscribe/i);
    const token = linkIn(mail) ?? '';
    expect(token).toHaveLength(43);
    expect(mail).toContain(`href="${PUBLIC_URL}/reset-password/${token}"`);
    // The record holds the hash of the token mailed (minted when sent).
    expect((await db().passwordResetToken.findUniqueOrThrow({ where: { id: reset.id } })).tokenHash).toBe(
      hashToken(token),
    );

    const client = new TestClient(server.url);
    expect((await client.get(`/api/validate-reset-token/${token}`)).status).toBe(200);
    const done = await client.post('/api/auth/reset-password', {
      token,
      password: 'a-brand-new-pass',
      confirmPassword: 'a-brand-new-pass',
    });
    expect(done.status).toBe(200);
    const login = (password: string) => client.post('/api/auth/login', { username: user.username, password });
    expect((await login(TEST_PASSWORD)).status).toBe(401);
    expect((await login('a-brand-new-pass')).status).toBe(200);
  });

  it('its secret token is never in the jobs table, before or after sending', async () => {
    inbox.clear();
    const user = await createUser(db(), { role: 'VETERINARIAN' });
    const reset = await requestReset(user);
    const key = `${RESET_MAIL_TASK}:${reset.id}`;
    // Before: the job names the reset record only, and the record opens nothing until its mail is sent.
    const before = await db().job.findUniqueOrThrow({ where: { key } });
    expect(before.payload).toEqual({ resetId: reset.id });
    inbox.refuseNext(1); // a failed attempt leaves its error in the row: that must not carry the token either
    await runMails(new Date());
    expect(mailsTo(user)).toHaveLength(0);
    await runMails(new Date(Date.now() + 60_000));
    const token = linkIn(mailsTo(user)[0] ?? '') ?? '';
    expect(token).toHaveLength(43);
    const rows = await db().$queryRaw<{ row: string }[]>`SELECT row_to_json(jobs)::text AS row FROM jobs`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.row.includes(token))).toEqual([]);
    expect(rows.filter((r) => r.row.includes(hashToken(token)))).toEqual([]);
    const after = await db().job.findUniqueOrThrow({ where: { key } });
    expect(after.doneAt).not.toBeNull();
    expect(after.payload).toEqual({ resetId: reset.id });
  });

  it('a reset job that runs after its link expired sends nothing', async () => {
    inbox.clear();
    const user = await createUser(db(), { role: 'VETERINARIAN' });
    const reset = await requestReset(user);
    // The queue was down for longer than the link's hour: the job runs late.
    await runMails(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(mailsTo(user)).toHaveLength(0);
    expect(
      (await db().job.findUniqueOrThrow({ where: { key: `${RESET_MAIL_TASK}:${reset.id}` } })).doneAt,
    ).not.toBeNull();
    // Also when the record itself says it expired.
    const second = await requestReset(user);
    await db().passwordResetToken.update({
      where: { id: second.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await runMails();
    expect(mailsTo(user)).toHaveLength(0);
  });
});

describe('a conversation message and its notification', () => {
  async function acceptedCase() {
    const vet = await createUser(db(), { role: 'VETERINARIAN', name: 'Dr. Vet Message' });
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true, name: 'Dr. Spec Message' });
    const kase = await createCase(db(), {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'accepted',
      patientName: 'Nala',
    });
    await db().case.update({ where: { id: kase.id }, data: { acceptedAt: new Date() } });
    return { vet, specialist, kase };
  }
  const actor = (user: User) => ({
    id: user.id,
    role: user.role,
    approved: true,
    specialty: user.specialty,
    sessionId: 's',
  });
  const intake = (body: string) => ({ fields: { body }, files: [], discard: async () => {} });

  it('is written with the message: row and delivery job are there when sendMessage returns', async () => {
    const { vet, specialist, kase } = await acceptedCase();
    const message = await server.services.messages.sendMessage(actor(vet), kase.uuid, intake('Any news on Nala?'));
    const notification = await db().notification.findUniqueOrThrow({
      where: { dedupeKey: `message_received:${message.id}:${specialist.id}` },
    });
    expect(notification).toMatchObject({ recipientId: specialist.id, kind: 'message_received', caseId: kase.id });
    expect(await db().job.count({ where: { key: `deliver:${notification.id}`, task: DELIVER_TASK } })).toBe(1);
  });

  it('a message whose transaction fails after notify leaves neither the message nor its notification', async () => {
    const { vet, specialist, kase } = await acceptedCase();
    const messages = createMessagesService({
      db: db(),
      storage: createStorage(server.config),
      events: createEventBus(),
      logger: server.logger,
      notifyRecipient: async (notice, tx) => {
        await notify(tx, messageNotice(notice));
        throw new Error('the transaction fails after the notification was written');
      },
    });
    await expect(messages.sendMessage(actor(vet), kase.uuid, intake('Lost'))).rejects.toThrow('transaction fails');
    expect(await db().caseMessage.count({ where: { caseId: kase.id } })).toBe(0);
    expect(await db().notification.count({ where: { caseId: kase.id, recipientId: specialist.id } })).toBe(0);
  });
});
