import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_READ_DENIED } from '../src/domain/messages/messages.rules';
import { createMessagesService } from '../src/domain/messages/messages.service';
import type { MessageNotice } from '../src/domain/messages/notify';
import type { User } from '../src/generated/prisma/client';
import { createEventBus } from '../src/lib/events';
import { createStorage } from '../src/lib/storage';
import { createCase, multipart, PNG } from './cases.fixtures';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Issue 15, the live side of the case conversation over graphql-ws with real sockets: the other
// participant receives caseMessageAdded (whichever door the message came through); a third user who
// subscribes to the same case gets an error, not data; "seen" and the unread badges follow.

let server: TestServer;
let vet: User;
let specialist: User;
let stranger: User;
let admin: User;
beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  stranger = await createUser(db, { role: 'VETERINARIAN' });
  admin = await createUser(db, { role: 'ADMIN' });
});
afterAll(() => server.close());

/** graphql-ws has no per-subscription acknowledgement: give the server a moment to start listening. */
const subscribed = () => sleep(200);

async function live(user: User) {
  const http = await signedInClient(server.url, user);
  const ws = wsClient(server.url, http.cookieHeader);
  await connected(ws);
  return { http, ws };
}

async function acceptedCase() {
  const kase = await createCase(server.database.db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
  return server.database.db.case.update({ where: { id: kase.id }, data: { acceptedAt: new Date() } });
}

const ADDED = `subscription ($uuid: String!) {
  caseMessageAdded(caseUuid: $uuid) { id body authorId author { name } attachments { filename fileCategory } }
}`;
const READ =
  'subscription ($uuid: String!) { caseMessagesRead(caseUuid: $uuid) { caseUuid userId lastReadMessageId } }';
const ACTIVITY = 'subscription { myConversationsChanged { caseUuid kind case { uuid unreadMessages } unreadTotal } }';
const SEND = 'mutation ($uuid: String!, $body: String!) { sendCaseMessage(caseUuid: $uuid, body: $body) { id } }';

describe('caseMessageAdded', () => {
  it('the other participant receives each message (GraphQL and REST sends); a third user gets an error, not data', async () => {
    const kase = await acceptedCase();
    const specialistSide = await live(specialist);
    const strangerSide = await live(stranger);
    const adminSide = await live(admin);
    const vetHttp = await signedInClient(server.url, vet);

    const received = collect(specialistSide.ws, ADDED, { uuid: kase.uuid });
    const spying = collect(strangerSide.ws, ADDED, { uuid: kase.uuid });
    const watching = collect(adminSide.ws, ADDED, { uuid: kase.uuid });
    await subscribed();

    const sent = await vetHttp.gql(SEND, { uuid: kase.uuid, body: 'Is the murmur louder on the left?' });
    expect(sent.errors).toBeUndefined();
    const first = await received.next((r) => r.data?.caseMessageAdded?.id === sent.data.sendCaseMessage.id);
    expect(first.data?.caseMessageAdded).toMatchObject({ body: 'Is the murmur louder on the left?', authorId: vet.id });

    const withFile = await vetHttp.post(
      `/api/cases/${kase.uuid}/messages`,
      multipart({ body: 'Recording attached' }, [{ name: 'phonocardiogram.png', bytes: PNG }]),
    );
    expect(withFile.status).toBe(201);
    const second = await received.next((r) => r.data?.caseMessageAdded?.id === withFile.body.id);
    expect(second.data?.caseMessageAdded.attachments).toEqual([
      { filename: 'phonocardiogram.png', fileCategory: 'message' },
    ]);
    await watching.next((r) => r.data?.caseMessageAdded?.id === withFile.body.id);

    // The third user: the operation's answer is an error (and it ends), never an event.
    const refusal = (await spying.next((r) => 'errors' in r)) as { errors?: unknown };
    expect(refusal.errors).toMatchObject([{ message: CONVERSATION_READ_DENIED, extensions: { code: 'FORBIDDEN' } }]);
    expect(spying.received.filter((r) => r.data?.caseMessageAdded)).toHaveLength(0);
    const readSpy = collect(strangerSide.ws, READ, { uuid: kase.uuid });
    const readRefusal = (await readSpy.next((r) => 'errors' in r)) as { errors?: unknown };
    expect(readRefusal.errors).toMatchObject([{ message: CONVERSATION_READ_DENIED }]);
    expect(readSpy.received.filter((r) => r.data?.caseMessagesRead)).toHaveLength(0);

    for (const side of [specialistSide, strangerSide, adminSide]) await side.ws.dispose();
  });

  it('the author\'s "seen" follows the other side reading, and unread badges move live', async () => {
    const kase = await acceptedCase();
    const vetSide = await live(vet);
    const specialistSide = await live(specialist);
    const seen = collect(vetSide.ws, READ, { uuid: kase.uuid });
    const badges = collect(specialistSide.ws, ACTIVITY);
    const vetBadges = collect(vetSide.ws, ACTIVITY);
    await subscribed();

    const sent = await vetSide.http.gql(SEND, { uuid: kase.uuid, body: 'Echo booked for Friday.' });
    const activity = await badges.next((r) => r.data?.myConversationsChanged?.caseUuid === kase.uuid);
    expect(activity.data?.myConversationsChanged).toMatchObject({
      kind: 'message_added',
      case: { uuid: kase.uuid, unreadMessages: 1 },
    });
    expect(activity.data?.myConversationsChanged.unreadTotal).toBeGreaterThanOrEqual(1);

    const marked = await specialistSide.http.gql(
      'mutation ($uuid: String!) { markCaseRead(caseUuid: $uuid) { unreadMessages } }',
      { uuid: kase.uuid },
    );
    expect(marked.data.markCaseRead.unreadMessages).toBe(0);
    const read = await seen.next((r) => r.data?.caseMessagesRead?.userId === specialist.id);
    expect(read.data?.caseMessagesRead).toMatchObject({
      caseUuid: kase.uuid,
      lastReadMessageId: sent.data.sendCaseMessage.id,
    });
    const lowered = await badges.next((r) => r.data?.myConversationsChanged?.kind === 'read');
    expect(lowered.data?.myConversationsChanged.case.unreadMessages).toBe(0);
    // The vet's own message moved nothing of theirs; the specialist's reading is not their activity either.
    await sleep(300);
    expect(vetBadges.received).toHaveLength(0);

    await vetSide.ws.dispose();
    await specialistSide.ws.dispose();
  });
});

describe('the notification seam', () => {
  it('is told once per recipient, in the message transaction, and whether the recipient has the thread open', async () => {
    const notices: MessageNotice[] = [];
    const events = createEventBus();
    const messages = createMessagesService({
      db: server.database.db,
      storage: createStorage(server.config),
      events,
      logger: server.logger,
      notifyRecipient: (notice) => notices.push(notice),
    });
    const kase = await acceptedCase();
    const actor = (user: User) => ({
      id: user.id,
      role: user.role,
      approved: true,
      specialty: user.specialty,
      sessionId: 's',
    });
    const intake = (body: string) => ({ fields: { body }, files: [], discard: async () => {} });

    await messages.sendMessage(actor(vet), kase.uuid, intake('First'));
    await expect.poll(() => notices.length).toBe(1);
    expect(notices[0]).toMatchObject({ recipientId: specialist.id, authorId: vet.id, recipientIsViewing: false });

    // The specialist opens the thread (a live subscription): the next notice says so.
    const uuid = await messages.openThread(actor(specialist), kase.uuid);
    const thread = messages.watchThread(actor(specialist), uuid, events.subscribe('caseMessages.added'));
    await messages.sendMessage(actor(vet), kase.uuid, intake('Second'));
    await expect.poll(() => notices.length).toBe(2);
    expect(notices[1]).toMatchObject({ recipientId: specialist.id, recipientIsViewing: true });
    await thread.return?.();
    expect(messages.isViewing(specialist.id, kase.uuid)).toBe(false);

    await messages.sendMessage(actor(specialist), kase.uuid, intake('Reply'));
    await expect.poll(() => notices.length).toBe(3);
    expect(notices[2]).toMatchObject({ recipientId: vet.id, authorId: specialist.id, recipientIsViewing: false });
  });
});
