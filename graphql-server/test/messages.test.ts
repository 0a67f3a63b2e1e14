import {
  CONVERSATION_OPEN_DAYS,
  INVALID_MESSAGE_CURSOR,
  MESSAGE_BODY_MAX,
  MESSAGE_EMPTY,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_TOO_LONG,
  PAGE_DIRECTION_CONFLICT,
} from '@vetconsult/schema/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_READS_ONLY,
  CONVERSATION_CLOSED,
  CONVERSATION_NOT_OPEN,
  CONVERSATION_READ_DENIED,
  NO_READ_MARKER,
} from '../src/domain/messages/messages.rules';
import { createUnreadLoader } from '../src/domain/messages/read-state';
import type { Case, User } from '../src/generated/prisma/client';
import { type DomainErrorCode, HTTP_STATUS } from '../src/lib/errors';
import { createCase, EXE, multipart, PDF, PNG } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 15, the case conversation, through both doors: every permission rule (vet or specialist of
// another case, before acceptance, after the 30-day window, the administrator's read-only access), body
// limits and bad input (clear 4xx), attachments under the case-file rules, pages, read markers and unread
// counts. The live side (subscriptions) is in messages.live.test.ts.

let server: TestServer;
let vet: User;
let specialist: User;
let otherVet: User;
let otherSpecialist: User;
let admin: User;
type Who = 'vet' | 'specialist' | 'otherVet' | 'otherSpecialist' | 'admin' | 'anonymous';
let clients: Record<Who, TestClient>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  otherVet = await createUser(db, { role: 'VETERINARIAN' });
  otherSpecialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  admin = await createUser(db, { role: 'ADMIN' });
  clients = {
    vet: await signedInClient(server.url, vet),
    specialist: await signedInClient(server.url, specialist),
    otherVet: await signedInClient(server.url, otherVet),
    otherSpecialist: await signedInClient(server.url, otherSpecialist),
    admin: await signedInClient(server.url, admin),
    anonymous: new TestClient(server.url),
  };
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

/** A case of `vet` assigned to `specialist` in a given state; reviewed cases `reviewedDaysAgo`. */
async function caseIn(
  status: Case['status'],
  options: { reviewedDaysAgo?: number; vetId?: number; specialistId?: number } = {},
) {
  const db = server.database.db;
  const kase = await createCase(db, {
    vetId: options.vetId ?? vet.id,
    specialistId: options.specialistId ?? specialist.id,
    status,
  });
  const accepted = status === 'accepted' || status === 'reviewed';
  return db.case.update({
    where: { id: kase.id },
    data: {
      acceptedAt: accepted ? new Date(Date.now() - 40 * DAY) : null,
      reviewedAt: status === 'reviewed' ? new Date(Date.now() - (options.reviewedDaysAgo ?? 1) * DAY) : null,
    },
  });
}

type Door = 'graphql' | 'rest';
const DOORS: Door[] = ['graphql', 'rest'];

interface Outcome<T = any> {
  status: number;
  message?: string;
  data?: T;
}

/** A GraphQL answer in the REST door's terms: the status its error code maps to, and the message. */
function fromGraphql<T>(
  body: { data?: any; errors?: Array<{ message: string; extensions?: any }> },
  pick: (data: any) => T,
) {
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code as DomainErrorCode;
    return { status: HTTP_STATUS[code] ?? 500, message: error.message } satisfies Outcome<T>;
  }
  return { status: 200, data: pick(body.data) } satisfies Outcome<T>;
}

const SEND = `mutation ($uuid: String!, $body: String!) {
  sendCaseMessage(caseUuid: $uuid, body: $body) { id body authorId attachments { id } }
}`;

async function send(who: Who, door: Door, uuid: string, body: unknown): Promise<Outcome> {
  if (door === 'graphql') return fromGraphql(await clients[who].gql(SEND, { uuid, body }), (d) => d.sendCaseMessage);
  const response = await clients[who].post(`/api/cases/${uuid}/messages`, { body });
  return {
    status: response.status === 201 ? 200 : response.status,
    message: response.body?.message,
    data: response.body,
  };
}

const READ = `query ($uuid: String!, $first: Int, $after: String, $last: Int, $before: String) {
  caseConversation(caseUuid: $uuid) {
    state writable note unreadMessages myLastReadMessageId counterpartLastReadMessageId
    originalCase { uuid } latestRevisit { uuid }
  }
  caseMessages(caseUuid: $uuid, first: $first, after: $after, last: $last, before: $before) {
    messages { id body authorId attachments { id fileCategory url } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

interface Thread {
  conversation: {
    state: string;
    writable: boolean;
    note: string | null;
    unreadMessages: number;
    myLastReadMessageId: number | null;
    counterpartLastReadMessageId: number | null;
  };
  messages: Array<{ id: number; body: string; attachments: Array<{ id: number; fileCategory: string; url: string }> }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

type Page = { first?: number; after?: string; last?: number; before?: string };

async function read(who: Who, door: Door, uuid: string, page: Page = {}): Promise<Outcome<Thread>> {
  if (door === 'graphql') {
    return fromGraphql(await clients[who].gql(READ, { uuid, ...page }), (d) => ({
      conversation: d.caseConversation,
      messages: d.caseMessages.messages,
      pageInfo: d.caseMessages.pageInfo,
    }));
  }
  const query = new URLSearchParams(Object.entries(page).map(([k, v]) => [k, String(v)])).toString();
  const response = await clients[who].get(`/api/cases/${uuid}/messages${query ? `?${query}` : ''}`);
  return { status: response.status, message: response.body?.message, data: response.body };
}

const MARK = `mutation ($uuid: String!, $upTo: Int) {
  markCaseRead(caseUuid: $uuid, upToMessageId: $upTo) { unreadMessages myLastReadMessageId }
}`;

async function markRead(who: Who, door: Door, uuid: string, upTo?: unknown): Promise<Outcome> {
  if (door === 'graphql') return fromGraphql(await clients[who].gql(MARK, { uuid, upTo }), (d) => d.markCaseRead);
  const response = await clients[who].post(
    `/api/cases/${uuid}/messages/read`,
    upTo === undefined ? {} : { upToMessageId: upTo },
  );
  return { status: response.status, message: response.body?.message, data: response.body };
}

describe.each(DOORS)('who may read and write a conversation (%s)', (door) => {
  it('the vet and the assigned specialist of an accepted case write, and each reads the other oldest first', async () => {
    const kase = await caseIn('accepted');
    const first = await send('vet', door, kase.uuid, 'Could you look at the lateral view again?');
    expect(first.status).toBe(200);
    const second = await send('specialist', door, kase.uuid, '  Yes: please send a VD view as well.  ');
    expect(second).toMatchObject({ status: 200, data: { body: 'Yes: please send a VD view as well.' } });
    for (const who of ['vet', 'specialist', 'admin'] as const) {
      const thread = await read(who, door, kase.uuid);
      expect(thread.status).toBe(200);
      expect(thread.data?.messages.map((m) => m.body)).toEqual([
        'Could you look at the lateral view again?',
        'Yes: please send a VD view as well.',
      ]);
    }
    expect((await read('vet', door, kase.uuid)).data?.conversation).toMatchObject({
      state: 'open',
      writable: true,
      note: null,
    });
  });

  it('the vet of another case and the specialist of another case can neither read nor write', async () => {
    const kase = await caseIn('accepted');
    expect((await send('vet', door, kase.uuid, 'Hello')).status).toBe(200);
    for (const who of ['otherVet', 'otherSpecialist'] as const) {
      expect(await send(who, door, kase.uuid, 'Let me in')).toMatchObject({
        status: 403,
        message: CONVERSATION_READ_DENIED,
      });
      expect(await read(who, door, kase.uuid)).toMatchObject({ status: 403, message: CONVERSATION_READ_DENIED });
      expect((await markRead(who, door, kase.uuid)).status).toBe(403);
    }
    expect((await send('anonymous', door, kase.uuid, 'Hello')).status).toBe(401);
    expect((await read('anonymous', door, kase.uuid)).status).toBe(401);
    expect(await server.database.db.caseMessage.count({ where: { caseId: kase.id } })).toBe(1);
  });

  it('before the specialist accepts, nobody writes; the thread says when it opens', async () => {
    const kase = await caseIn('pending');
    for (const who of ['vet', 'specialist'] as const) {
      expect(await send(who, door, kase.uuid, 'Any news?')).toMatchObject({
        status: 409,
        message: CONVERSATION_NOT_OPEN,
      });
    }
    const thread = await read('vet', door, kase.uuid);
    expect(thread.data?.conversation).toMatchObject({
      state: 'not_open',
      writable: false,
      note: CONVERSATION_NOT_OPEN,
    });
    expect(thread.data?.messages).toEqual([]);
    // The specialist of a case still unpaid is no participant at all.
    const unpaid = await caseIn('pending_payment');
    expect((await send('specialist', door, unpaid.uuid, 'Hi')).status).toBe(403);
    expect((await read('specialist', door, unpaid.uuid)).status).toBe(403);
  });

  it(`after the review the thread stays open ${CONVERSATION_OPEN_DAYS} days, then is read-only with the revisit note`, async () => {
    const recent = await caseIn('reviewed', { reviewedDaysAgo: CONVERSATION_OPEN_DAYS - 1 });
    expect((await send('vet', door, recent.uuid, 'How should I taper the prednisolone?')).status).toBe(200);
    expect((await send('specialist', door, recent.uuid, 'By 25% every two weeks.')).status).toBe(200);

    const closed = await caseIn('reviewed', { reviewedDaysAgo: CONVERSATION_OPEN_DAYS + 1 });
    await server.database.db.caseMessage.create({
      data: { caseId: closed.id, authorId: specialist.id, body: 'Old advice' },
    });
    for (const who of ['vet', 'specialist'] as const) {
      expect(await send(who, door, closed.uuid, 'One more question')).toMatchObject({
        status: 409,
        message: CONVERSATION_CLOSED,
      });
    }
    const thread = await read('vet', door, closed.uuid);
    expect(thread.status).toBe(200);
    expect(thread.data?.conversation).toMatchObject({ state: 'closed', writable: false, note: CONVERSATION_CLOSED });
    expect(thread.data?.messages.map((m) => m.body)).toEqual(['Old advice']);
    // Reading is not writing: the marker still moves on a closed thread.
    expect((await markRead('vet', door, closed.uuid)).status).toBe(200);
  });

  it('the administrator reads every conversation and writes in none', async () => {
    const kase = await caseIn('accepted');
    await send('vet', door, kase.uuid, 'For the record');
    expect(await send('admin', door, kase.uuid, 'Admin here')).toMatchObject({
      status: 403,
      message: ADMIN_READS_ONLY,
    });
    const thread = await read('admin', door, kase.uuid);
    expect(thread.status).toBe(200);
    expect(thread.data?.conversation).toMatchObject({ writable: false, note: ADMIN_READS_ONLY, unreadMessages: 0 });
    expect(thread.data?.messages).toHaveLength(1);
    expect(await markRead('admin', door, kase.uuid)).toMatchObject({ status: 403, message: NO_READ_MARKER });
  });
});

describe.each(DOORS)('bad input gets a clear 4xx (%s)', (door) => {
  it('empty, blank, too long, NUL and non-text bodies', async () => {
    const kase = await caseIn('accepted');
    expect(await send('vet', door, kase.uuid, '')).toMatchObject({ status: 400, message: MESSAGE_EMPTY });
    expect(await send('vet', door, kase.uuid, '   \n\t ')).toMatchObject({ status: 400, message: MESSAGE_EMPTY });
    expect(await send('vet', door, kase.uuid, 'x'.repeat(MESSAGE_BODY_MAX + 1))).toMatchObject({
      status: 400,
      message: MESSAGE_TOO_LONG,
    });
    expect((await send('vet', door, kase.uuid, 'x'.repeat(MESSAGE_BODY_MAX))).status).toBe(200);
    expect((await send('vet', door, kase.uuid, 'a\u0000b')).status).toBe(400);
    expect((await send('vet', door, kase.uuid, 42)).status).toBe(400);
    expect((await send('vet', door, kase.uuid, { text: 'hi' })).status).toBe(400);
    expect(await server.database.db.caseMessage.count({ where: { caseId: kase.id } })).toBe(1);
  });

  it('unknown and malformed cases are 404; bad pages and cursors are 400', async () => {
    const kase = await caseIn('accepted');
    expect((await send('vet', door, '00000000-0000-4000-8000-000000000000', 'Hi')).status).toBe(404);
    expect((await send('vet', door, 'not-a-case', 'Hi')).status).toBe(404);
    expect((await read('vet', door, '99999999999', {})).status).toBe(404);
    expect(await read('vet', door, kase.uuid, { after: 'abc' })).toMatchObject({
      status: 400,
      message: INVALID_MESSAGE_CURSOR,
    });
    expect(await read('vet', door, kase.uuid, { before: '-1' })).toMatchObject({
      status: 400,
      message: INVALID_MESSAGE_CURSOR,
    });
    expect((await read('vet', door, kase.uuid, { first: 0 })).status).toBe(400);
    expect((await read('vet', door, kase.uuid, { first: 101 })).status).toBe(400);
    expect(await read('vet', door, kase.uuid, { first: 2, last: 2 })).toMatchObject({
      status: 400,
      message: PAGE_DIRECTION_CONFLICT,
    });
    expect((await markRead('vet', door, kase.uuid, 'abc')).status).toBe(400);
    expect((await markRead('vet', door, kase.uuid, 3_000_000_000)).status).toBe(400);
  });
});

describe('REST-only input', () => {
  it('a JSON body that is not an object, and malformed JSON, are 400', async () => {
    const kase = await caseIn('accepted');
    expect((await clients.vet.post(`/api/cases/${kase.uuid}/messages`, '[1,2]')).status).toBe(400);
    expect((await clients.vet.post(`/api/cases/${kase.uuid}/messages`, '{"body":')).status).toBe(400);
    expect((await clients.vet.post(`/api/cases/${kase.uuid}/messages/read`, '[1]')).status).toBe(400);
  });
});

describe('attachments follow the case-file rules', () => {
  const post = (who: Who, uuid: string, form: FormData) => clients[who].post(`/api/cases/${uuid}/messages`, form);

  it('files travel with a message (or alone) as case files of the message category, readable by whoever reads the thread', async () => {
    const kase = await caseIn('accepted');
    const sent = await post(
      'vet',
      kase.uuid,
      multipart({ body: 'Here is the VD view and the lab report.' }, [
        { name: 'vd-view.png', bytes: PNG },
        { name: 'bloodwork.pdf', bytes: PDF },
      ]),
    );
    expect(sent.status).toBe(201);
    expect(
      sent.body.attachments.map((a: { filename: string; fileCategory: string }) => [a.filename, a.fileCategory]),
    ).toEqual([
      ['vd-view.png', 'message'],
      ['bloodwork.pdf', 'message'],
    ]);
    const alone = await post('specialist', kase.uuid, multipart({}, [{ name: 'annotated.png', bytes: PNG }]));
    expect(alone.status).toBe(201);
    expect(alone.body.body).toBe('');

    const thread = await read('specialist', 'graphql', kase.uuid);
    const url = thread.data?.messages[0]?.attachments[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/files\/\d+\/download$/);
    const download = await clients.specialist.get(url);
    expect(download.status).toBe(200);
    expect((await clients.admin.get(url)).status).toBe(200);
    expect((await clients.otherVet.get(url)).status).toBe(403);
    // They are case files, but not the case's diagnostic files or the specialist's attachments.
    const files = await clients.vet.get(`/api/cases/${kase.uuid}/files`);
    expect(files.body.map((f: { fileCategory: string }) => f.fileCategory)).toEqual(['message', 'message', 'message']);
  });

  it('a disguised type, too many files, a file too large and an empty message are refused and nothing is kept', async () => {
    const kase = await caseIn('accepted');
    const disguised = await post('vet', kase.uuid, multipart({ body: 'x-ray' }, [{ name: 'xray.png', bytes: EXE }]));
    expect(disguised.status).toBe(415);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `scan-${i}.png`, bytes: PNG }));
    expect((await post('vet', kase.uuid, multipart({ body: 'All of them' }, many))).status).toBe(400);
    const large = Buffer.concat([PDF, Buffer.alloc(MESSAGE_FILE_MAX_BYTES + 1 - PDF.length, 0x20)]);
    const tooLarge = await post('vet', kase.uuid, multipart({ body: 'Big' }, [{ name: 'big.pdf', bytes: large }]));
    expect(tooLarge.status).toBe(413);
    expect((await post('vet', kase.uuid, multipart({ body: '   ' }))).status).toBe(400);
    const db = server.database.db;
    expect(await db.caseMessage.count({ where: { caseId: kase.id } })).toBe(0);
    expect(await db.caseFile.count({ where: { caseId: kase.id } })).toBe(0);
  });

  it('a multipart body from someone who may not write is refused before it is read', async () => {
    const kase = await caseIn('accepted');
    const closed = await caseIn('reviewed', { reviewedDaysAgo: CONVERSATION_OPEN_DAYS + 2 });
    const form = () => multipart({ body: 'Hi' }, [{ name: 'scan.png', bytes: PNG }]);
    expect((await post('otherVet', kase.uuid, form())).status).toBe(403);
    expect((await post('admin', kase.uuid, form())).status).toBe(403);
    expect((await post('vet', closed.uuid, form())).status).toBe(409);
    expect((await post('anonymous', kase.uuid, form())).status).toBe(401);
    expect(await server.database.db.caseFile.count({ where: { caseId: { in: [kase.id, closed.id] } } })).toBe(0);
  });
});

describe.each(DOORS)('pages, read markers and unread counts (%s)', (door) => {
  it('pages read forward from a cursor and backward from the newest, always oldest first', async () => {
    const kase = await caseIn('accepted');
    for (let i = 1; i <= 5; i++)
      expect((await send(i % 2 ? 'vet' : 'specialist', door, kase.uuid, `m${i}`)).status).toBe(200);
    const bodies = (thread: Outcome<Thread>) => thread.data?.messages.map((m) => m.body);

    const start = await read('vet', door, kase.uuid, { first: 2 });
    expect(bodies(start)).toEqual(['m1', 'm2']);
    expect(start.data?.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await read('vet', door, kase.uuid, { first: 2, after: start.data?.pageInfo.endCursor ?? '' });
    expect(bodies(next)).toEqual(['m3', 'm4']);
    expect(next.data?.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const end = await read('vet', door, kase.uuid, { first: 2, after: next.data?.pageInfo.endCursor ?? '' });
    expect(bodies(end)).toEqual(['m5']);
    expect(end.data?.pageInfo.hasNextPage).toBe(false);
    const caughtUp = await read('vet', door, kase.uuid, { first: 2, after: end.data?.pageInfo.endCursor ?? '' });
    expect(caughtUp.data?.messages).toEqual([]);
    expect(caughtUp.data?.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true, endCursor: null });

    const newest = await read('vet', door, kase.uuid, { last: 2 });
    expect(bodies(newest)).toEqual(['m4', 'm5']);
    expect(newest.data?.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const older = await read('vet', door, kase.uuid, { last: 10, before: newest.data?.pageInfo.startCursor ?? '' });
    expect(bodies(older)).toEqual(['m1', 'm2', 'm3']);
    expect(older.data?.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it("unread counts the other side's messages above the marker; the marker only moves forward", async () => {
    const kase = await caseIn('accepted');
    const ids: number[] = [];
    for (const body of ['a', 'b', 'c']) ids.push((await send('vet', door, kase.uuid, body)).data.id);
    const unread = async (who: Who) => {
      const body = await clients[who].gql(
        'query ($uuid: String!) { case(uuid: $uuid) { unreadMessages } dashboardStats { unreadMessages } }',
        { uuid: kase.uuid },
      );
      return [body.data.case.unreadMessages, body.data.dashboardStats.unreadMessages];
    };
    const [, specialistTotalBefore] = await unread('specialist');
    expect((await unread('specialist'))[0]).toBe(3);
    expect((await unread('vet'))[0]).toBe(0); // their own messages

    expect((await markRead('specialist', door, kase.uuid, ids[1])).data).toMatchObject({
      unreadMessages: 1,
      myLastReadMessageId: ids[1],
    });
    expect(await unread('specialist')).toEqual([1, (specialistTotalBefore ?? 0) - 2]);
    // Never back, and never past the thread's newest message.
    expect((await markRead('specialist', door, kase.uuid, ids[0])).data).toMatchObject({ myLastReadMessageId: ids[1] });
    expect((await markRead('specialist', door, kase.uuid, 2_000_000_000)).data).toMatchObject({
      unreadMessages: 0,
      myLastReadMessageId: ids[2],
    });
    expect((await read('vet', door, kase.uuid)).data?.conversation.counterpartLastReadMessageId).toBe(ids[2]);
    // Replying reads the thread: the specialist's own message leaves nothing unread for them.
    await send('vet', door, kase.uuid, 'd');
    expect((await unread('specialist'))[0]).toBe(1);
    await send('specialist', door, kase.uuid, 'e');
    expect((await unread('specialist'))[0]).toBe(0);
    expect((await unread('vet'))[0]).toBe(1);
  });
});

describe('unread counts of a list', () => {
  it('cost one statement for the whole list, however many cases it holds', async () => {
    const cases = await Promise.all([1, 2, 3, 4].map(() => caseIn('accepted')));
    for (const [i, kase] of cases.entries())
      for (let n = 0; n <= i; n++) await send('vet', 'graphql', kase.uuid, `m${n}`);
    const db = server.database.db;
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== '$queryRaw') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof db.$queryRaw>) => {
          statements++;
          return target.$queryRaw(...args);
        };
      },
    });
    const loader = createUnreadLoader(counting, specialist.id);
    expect(await Promise.all(cases.map((kase) => loader.load(kase.id)))).toEqual([1, 2, 3, 4]);
    expect(statements).toBe(1);
    // Over GraphQL, a list with the field gets the same counts.
    const list = await clients.specialist.gql('{ myCases(first: 100, status: accepted) { uuid unreadMessages } }');
    const byUuid = new Map(
      list.data.myCases.map((c: { uuid: string; unreadMessages: number }) => [c.uuid, c.unreadMessages]),
    );
    expect(cases.map((kase) => byUuid.get(kase.uuid))).toEqual([1, 2, 3, 4]);
  });
});

describe('a revisit has its own thread, linked to the original', () => {
  it("the revisit's thread links back; the closed original links forward; messages stay apart", async () => {
    const db = server.database.db;
    const original = await caseIn('reviewed', { reviewedDaysAgo: CONVERSATION_OPEN_DAYS + 5 });
    const revisit = await db.case.update({
      where: { id: (await caseIn('accepted')).id },
      data: { originalCaseId: original.id, revisitNumber: 1, revisionNumber: 1, baseUuid: original.uuid },
    });
    await db.caseMessage.create({ data: { caseId: original.id, authorId: vet.id, body: 'Original question' } });
    expect((await send('vet', 'graphql', revisit.uuid, 'Following up on the revisit')).status).toBe(200);

    const onRevisit = await read('vet', 'graphql', revisit.uuid);
    expect(onRevisit.data?.messages.map((m) => m.body)).toEqual(['Following up on the revisit']);
    const links = await clients.vet.gql(
      'query ($a: String!, $b: String!) { a: caseConversation(caseUuid: $a) { originalCase { uuid } } b: caseConversation(caseUuid: $b) { state latestRevisit { uuid } } }',
      { a: revisit.uuid, b: original.uuid },
    );
    expect(links.data).toEqual({
      a: { originalCase: { uuid: original.uuid } },
      b: { state: 'closed', latestRevisit: { uuid: revisit.uuid } },
    });
    const rest = await clients.vet.get(`/api/cases/${original.uuid}/messages`);
    expect(rest.body.conversation).toMatchObject({ state: 'closed', latestRevisitUuid: revisit.uuid });
  });
});
