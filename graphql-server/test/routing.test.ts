import { randomUUID } from 'node:crypto';
import { ROUTING_MESSAGES, TURNAROUND_MESSAGES } from '@vetconsult/schema/turnaround';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '../src/generated/prisma/client';
import type { TestClient } from './helpers/client';
import { createSpecialist, createUser, payWithTestCard, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Issue 19 items D and E, through the real server and database with the built-in test provider: a
// specialist declines a case with a reason, the veterinarian moves it to another specialist (or the
// first available one) without paying again, and a first-available case is offered to every available
// specialist of its specialty, taken by exactly one accept.

let server: TestServer;
let vet: User;
let vetClient: TestClient;
let first: User;
let firstClient: TestClient;
let second: User;
let away: User;

const db = () => server.database.db;
/** Each test gets its own specialty, so first-available cases of one test never reach another's lists. */
const specialtyOf = () => `Cardiology ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await startTestServer({ stripe: undefined });
  vet = await createUser(db(), { role: 'VETERINARIAN' });
  vetClient = await signedInClient(server.url, vet);
  first = await specialist(true);
  firstClient = await signedInClient(server.url, first);
  second = await specialist(true);
  away = await specialist(false);
});
afterAll(() => server.close());

/** An approved specialist, available every hour of every day, or never. */
const specialist = (availableNow: boolean, specialty = 'Cardiology') =>
  createSpecialist(db(), { availableNow, specialty });

/** A consult paid through the built-in provider (a real Payment), pending with `specialistId`. */
async function paidCase(specialistId: number, data: Partial<Pick<Case, 'urgency' | 'specialty'>> = {}) {
  const kase = await db().case.create({
    data: {
      vetId: vet.id,
      status: 'pending_payment',
      specialty: 'Cardiology',
      specialistId,
      patientName: 'Rex',
      familyLastName: 'Smith',
      species: 'Canine',
      clinicalSigns: 'Coughing for two weeks',
      questions: 'What is the prognosis?',
      termsAccepted: true,
      ...data,
    },
  });
  await payWithTestCard(vetClient, kase.uuid);
  const row = await db().case.findUniqueOrThrow({ where: { id: kase.id } });
  expect(row.status).toBe('pending');
  return row;
}

/** A paid case waiting for the first available specialist of `specialty` (written directly). */
function offeredCase(specialty: string, activatedAt = new Date()) {
  return db().case.create({
    data: {
      vetId: vet.id,
      status: 'pending',
      routing: 'first_available',
      specialistId: null,
      specialty,
      patientName: 'Bella',
      familyLastName: 'Jones',
      species: 'Feline',
      clinicalSigns: 'Heart murmur grade 3',
      questions: 'Echo findings?',
      termsAccepted: true,
      isPaid: true,
      activatedAt,
      dueAt: new Date(activatedAt.getTime() + 48 * 3_600_000),
    },
  });
}

const uuidsOf = (rows: Array<{ uuid: string }>) => rows.map((row) => row.uuid);
const availableTo = async (client: TestClient) =>
  uuidsOf((await client.gql('{ availableCases { uuid } }')).data.availableCases);

const DECLINE =
  'mutation($u: String!, $r: String!) { declineCase(uuid: $u, reason: $r) { uuid status reason declinedAt } }';
const REASSIGN =
  'mutation($u: String!, $s: Int, $f: Boolean) { reassignCase(uuid: $u, specialistId: $s, firstAvailable: $f) { uuid status routing specialistId specialistNeed dueAt } }';
const VET_VIEW =
  'query($u: String!) { case(uuid: $u) { status specialistId routing specialistNeed declines { specialistId specialistName reason declinedAt } } }';

describe('decline (issue 19 item D)', () => {
  it('returns the case to its veterinarian with the reason, through both doors, and the specialist cannot be chosen again', async () => {
    const kase = await paidCase(first.id);
    const rest = await firstClient.post(`/api/cases/${kase.uuid}/decline`, {
      reason: '  Outside my caseload this week ',
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ uuid: kase.uuid, status: 'pending', reason: 'Outside my caseload this week' });

    const restView = await vetClient.get(`/api/cases/${kase.uuid}`);
    expect(restView.body).toMatchObject({ status: 'pending', specialistId: null, specialistNeed: 'declined' });
    expect(restView.body.declines).toEqual([
      {
        specialistId: first.id,
        specialistName: first.name,
        reason: 'Outside my caseload this week',
        declinedAt: rest.body.declinedAt,
      },
    ]);
    const gqlView = await vetClient.gql(VET_VIEW, { u: kase.uuid });
    expect(gqlView.data.case).toEqual({
      status: 'pending',
      specialistId: null,
      routing: 'named',
      specialistNeed: 'declined',
      declines: restView.body.declines,
    });
    // The declining specialist no longer reads it, nor lists it.
    expect((await firstClient.get(`/api/cases/${kase.uuid}`)).status).toBe(403);
    expect(await availableTo(firstClient)).not.toContain(kase.uuid);

    // Chosen again: refused, in the product's words.
    const again = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: first.id });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'specialistId', message: ROUTING_MESSAGES.declinedSpecialist }]);

    // The GraphQL door declines with the same words and result.
    const other = await paidCase(first.id);
    const gql = await firstClient.gql(DECLINE, { u: other.uuid, r: 'Away at a conference' });
    expect(gql.data.declineCase).toMatchObject({ uuid: other.uuid, status: 'pending', reason: 'Away at a conference' });
    const declined = await db().caseDecline.findMany({ where: { caseId: other.id } });
    expect(declined).toMatchObject([{ specialistId: first.id, reason: 'Away at a conference' }]);
  });

  it('needs a reason, and is refused to the vet (403), another specialist (404) and once accepted (409), the same through both doors', async () => {
    const kase = await paidCase(first.id);
    const empty = await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('Please tell the veterinarian why you decline');
    const emptyGql = await firstClient.gql(DECLINE, { u: kase.uuid, r: '' });
    expect(emptyGql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const byVet = await vetClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'No' });
    expect(byVet.status).toBe(403);
    expect(byVet.body.message).toBe(ROUTING_MESSAGES.onlyAssignedDeclines);
    const byVetGql = await vetClient.gql(DECLINE, { u: kase.uuid, r: 'No' });
    expect(byVetGql.errors?.[0]).toMatchObject({
      message: ROUTING_MESSAGES.onlyAssignedDeclines,
      extensions: { code: 'FORBIDDEN' },
    });
    const secondClient = await signedInClient(server.url, second);
    expect((await secondClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Not mine' })).status).toBe(404);

    expect((await firstClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(200);
    const late = await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Changed my mind' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ROUTING_MESSAGES.declineOnceAccepted);
    const lateGql = await firstClient.gql(DECLINE, { u: kase.uuid, r: 'Changed my mind' });
    expect(lateGql.errors?.[0]).toMatchObject({
      message: ROUTING_MESSAGES.declineOnceAccepted,
      extensions: { code: 'CONFLICT' },
    });
    expect(await db().caseDecline.count({ where: { caseId: kase.id } })).toBe(0);
  });

  it("leaves the specialist's Available Cases live and tells the vet's case page at once (subscriptions)", async () => {
    const kase = await paidCase(first.id);
    const specialistSocket = wsClient(server.url, firstClient.cookieHeader);
    const vetSocket = wsClient(server.url, vetClient.cookieHeader);
    await Promise.all([connected(specialistSocket), connected(vetSocket)]);
    const available = collect(specialistSocket, 'subscription { availableCasesChanged { uuid status kind } }');
    const myCases = collect(specialistSocket, 'subscription { myCasesChanged { uuid kind case { uuid } } }');
    const page = collect(
      vetSocket,
      'subscription($u: String!) { caseUpdated(uuid: $u) { uuid specialistNeed declines { reason } } }',
      { u: kase.uuid },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await availableTo(firstClient)).toContain(kase.uuid);

    expect((await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Fully booked' })).status).toBe(200);
    const left = await available.next((r) => r.data?.availableCasesChanged.uuid === kase.uuid);
    expect(left.data?.availableCasesChanged).toMatchObject({ status: 'pending', kind: 'declined' });
    // Their Pending list is told too; the case itself is no longer theirs to read.
    const listed = await myCases.next((r) => r.data?.myCasesChanged.uuid === kase.uuid);
    expect(listed.data?.myCasesChanged).toEqual({ uuid: kase.uuid, kind: 'declined', case: null });
    const told = await page.next((r) => r.data?.caseUpdated?.specialistNeed === 'declined');
    expect(told.data?.caseUpdated.declines).toEqual([{ reason: 'Fully booked' }]);
    expect(await availableTo(firstClient)).not.toContain(kase.uuid);
    await Promise.all([specialistSocket.dispose(), vetSocket.dispose()]);
  });
});

describe('reassignment (issue 19 item D)', () => {
  it('moves a declined case to another specialist without a second payment, keeping the due time', async () => {
    const kase = await paidCase(first.id);
    const paymentsBefore = await db().payment.findMany({ where: { caseId: kase.id } });
    expect(paymentsBefore).toHaveLength(1);
    expect((await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'On leave' })).status).toBe(200);

    const moved = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      specialistId: second.id,
      routing: 'named',
      status: 'pending',
      specialistNeed: null,
      dueAt: kase.dueAt?.toISOString(),
      paymentAmount: kase.paymentAmount,
    });
    // No new payment, intent or charge: the one activating payment is the only one, untouched.
    const paymentsAfter = await db().payment.findMany({ where: { caseId: kase.id } });
    expect(paymentsAfter).toEqual(paymentsBefore);
    expect(await db().payment.count({ where: { userId: vet.id, caseId: kase.id } })).toBe(1);

    const secondClient = await signedInClient(server.url, second);
    expect(await availableTo(secondClient)).toContain(kase.uuid);
    expect((await secondClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(200);
    // Accepted: nothing to move any more.
    const late = await vetClient.gql(REASSIGN, { u: kase.uuid, s: first.id });
    expect(late.errors?.[0]).toMatchObject({
      message: ROUTING_MESSAGES.moveOnceAccepted,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('is allowed for an unaccepted case only after a quarter of its window, and only to its own veterinarian', async () => {
    const kase = await paidCase(first.id);
    const tooSoon = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe(ROUTING_MESSAGES.moveNotYet);
    const tooSoonGql = await vetClient.gql(REASSIGN, { u: kase.uuid, s: second.id });
    expect(tooSoonGql.errors?.[0]?.message).toBe(ROUTING_MESSAGES.moveNotYet);

    // Routine: 48 h window, so the vet may move it from 12 h after activation.
    const activatedAt = new Date(Date.now() - 12 * 3_600_000 - 60_000);
    await db().case.update({ where: { id: kase.id }, data: { activatedAt } });
    expect((await vetClient.gql(VET_VIEW, { u: kase.uuid })).data.case.specialistNeed).toBe('unaccepted');

    const stranger = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    expect((await stranger.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id })).status).toBe(404);
    const bySpecialist = await firstClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id });
    expect(bySpecialist.status).toBe(403);
    expect(bySpecialist.body.message).toBe(ROUTING_MESSAGES.onlyOwnVetMoves);

    const same = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: first.id });
    expect(same.status).toBe(400);
    expect(same.body.errors[0].message).toBe(ROUTING_MESSAGES.sameSpecialist);
    const neurologist = await specialist(true, 'Neurology');
    const otherSpecialty = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: neurologist.id });
    expect(otherSpecialty.status).toBe(400);
    expect(otherSpecialty.body.errors[0].message).toBe(
      'This specialist does not practise Cardiology. Please select a specialist.',
    );
    const nothing = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0]).toEqual({ field: 'specialistId', message: 'Please select a specialist' });

    const moved = await vetClient.gql(REASSIGN, { u: kase.uuid, s: second.id });
    expect(moved.data.reassignCase).toMatchObject({ specialistId: second.id, routing: 'named' });
    expect(await db().payment.count({ where: { caseId: kase.id } })).toBe(1);
    // The first specialist's list drops it.
    expect(await availableTo(firstClient)).not.toContain(kase.uuid);
  });

  it('keeps STAT to a specialist available now (the submission rule)', async () => {
    const kase = await paidCase(first.id, { urgency: 'stat' });
    expect((await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'In surgery' })).status).toBe(200);
    const toAway = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: away.id });
    expect(toAway.status).toBe(400);
    expect(toAway.body.errors[0].message).toBe(TURNAROUND_MESSAGES.statNeedsAvailable);
    expect((await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id })).status).toBe(200);
  });
});

describe('notifications of a decline and a move (issues 19 and 14)', () => {
  it('tells the vet of the decline with its reason, then the new specialist of the move, in the transactions of those changes', async () => {
    const kase = await paidCase(first.id);
    const kinds = async (recipientId: number) =>
      (await db().notification.findMany({ where: { caseId: kase.id, recipientId }, orderBy: { id: 'asc' } })).map(
        (row) => ({ kind: row.kind, text: row.text }),
      );
    expect(await kinds(first.id)).toEqual([expect.objectContaining({ kind: 'case_assigned' })]);

    expect(
      (await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Outside my practice area' })).status,
    ).toBe(200);
    expect(await kinds(vet.id)).toEqual([
      { kind: 'case_declined', text: `${first.name} declined Rex’s consult: Outside my practice area` },
    ]);
    // Each notification has its delivery job, added with it.
    const vetRow = await db().notification.findFirstOrThrow({ where: { caseId: kase.id, recipientId: vet.id } });
    expect(await db().$queryRaw`SELECT 1 FROM jobs WHERE key = ${`deliver:${vetRow.id}`}`).toHaveLength(1);

    expect((await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: second.id })).status).toBe(200);
    expect(await kinds(second.id)).toEqual([expect.objectContaining({ kind: 'case_assigned' })]);
    // A refused move tells nobody.
    const refused = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { specialistId: first.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await kinds(first.id)).toHaveLength(1);
  });
});

describe('first available specialist (issue 19 item E)', () => {
  it('reaches every available approved specialist of the specialty, not an away one, another specialty or an unapproved one', async () => {
    const specialty = specialtyOf();
    const [a, b, awayOne, unapproved] = [
      await specialist(true, specialty),
      await specialist(true, specialty),
      await specialist(false, specialty),
      await createUser(db(), { role: 'SPECIALIST', approved: false, specialty }),
    ];
    const otherSpecialty = await specialist(true, specialtyOf());
    const kase = await offeredCase(specialty);
    const [aClient, bClient, awayClient, otherClient] = await Promise.all(
      [a, b, awayOne, otherSpecialty].map((user) => signedInClient(server.url, user)),
    );
    const [aList, bList, awayList, otherList] = await Promise.all(
      [aClient, bClient, awayClient, otherClient].map((client) => availableTo(client as TestClient)),
    );
    expect(aList).toContain(kase.uuid);
    expect(bList).toContain(kase.uuid);
    expect(awayList).not.toContain(kase.uuid);
    expect(otherList).not.toContain(kase.uuid);
    // The REST door lists the same.
    const rest = await (aClient as TestClient).get(
      `/api/cases?role=specialist&status=pending&specialty=${encodeURIComponent(specialty)}`,
    );
    expect(uuidsOf(rest.body)).toContain(kase.uuid);
    // An unapproved specialist of the specialty cannot read or accept it.
    const unapprovedClient = await signedInClient(server.url, unapproved);
    expect((await unapprovedClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(403);
    expect((await (otherClient as TestClient).post(`/api/cases/${kase.uuid}/accept`)).status).toBe(403);
    // A specialist of the specialty reads it before accepting (the case page).
    expect((await (bClient as TestClient).get(`/api/cases/${kase.uuid}`)).status).toBe(200);
  });

  it('exactly one of 20 concurrent accepts by 20 specialists wins; the others get a clear 409', async () => {
    const specialty = specialtyOf();
    const specialists = await Promise.all(Array.from({ length: 20 }, () => specialist(true, specialty)));
    const clients = await Promise.all(specialists.map((user) => signedInClient(server.url, user)));
    const kase = await offeredCase(specialty);
    const answers = await Promise.all(clients.map((client) => client.post(`/api/cases/${kase.uuid}/accept`)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(ROUTING_MESSAGES.takenByAnother);
    }
    const row = await db().case.findUniqueOrThrow({ where: { id: kase.id } });
    const winner = specialists[answers.findIndex((answer) => answer.status === 200)];
    expect(row).toMatchObject({ status: 'accepted', specialistId: winner?.id, version: kase.version + 1 });
    // A later accept says the same.
    const late = await (clients[0] as TestClient).gql('mutation($u: String!) { acceptCase(uuid: $u) { uuid } }', {
      u: kase.uuid,
    });
    const expected =
      winner?.id === specialists[0]?.id ? 'This case has already been accepted' : ROUTING_MESSAGES.takenByAnother;
    expect(late.errors?.[0]?.message).toBe(expected);
  });

  it("leaves the other specialists' lists live when one accepts (subscription)", async () => {
    const specialty = specialtyOf();
    const [a, b] = [await specialist(true, specialty), await specialist(true, specialty)];
    const [aClient, bClient] = await Promise.all([signedInClient(server.url, a), signedInClient(server.url, b)]);
    const socket = wsClient(server.url, bClient.cookieHeader);
    await connected(socket);
    const events = collect(socket, 'subscription { availableCasesChanged { uuid status kind } }');
    await new Promise((resolve) => setTimeout(resolve, 150));

    // Offered by a move to "first available": b is told it arrived.
    const kase = await paidCase(first.id);
    expect((await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Not my specialty' })).status).toBe(
      200,
    );
    await db().case.update({ where: { id: kase.id }, data: { specialty } });
    const moved = await vetClient.gql(REASSIGN, { u: kase.uuid, f: true });
    expect(moved.data.reassignCase).toMatchObject({ routing: 'first_available', specialistId: null });
    const arrived = await events.next(
      (r) => r.data?.availableCasesChanged.uuid === kase.uuid && r.data.availableCasesChanged.kind === 'reassigned',
    );
    expect(arrived.data?.availableCasesChanged.status).toBe('pending');
    expect(await availableTo(bClient)).toContain(kase.uuid);
    // Not offered again to the specialist who declined it (were they of the specialty).
    await db().user.update({ where: { id: first.id }, data: { specialty } });
    expect(await availableTo(firstClient)).not.toContain(kase.uuid);
    await db().user.update({ where: { id: first.id }, data: { specialty: 'Cardiology' } });

    expect((await aClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(200);
    const left = await events.next(
      (r) => r.data?.availableCasesChanged.uuid === kase.uuid && r.data.availableCasesChanged.kind === 'accepted',
    );
    expect(left.data?.availableCasesChanged.status).toBe('accepted');
    expect(await availableTo(bClient)).not.toContain(kase.uuid);
    expect((await bClient.get(`/api/cases/${kase.uuid}`)).status).toBe(403);
    await socket.dispose();
  });

  it('is not taken by the specialist who declined it, even by its address, while another one may', async () => {
    const kase = await paidCase(first.id);
    expect((await firstClient.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Conflict of interest' })).status).toBe(
      200,
    );
    expect((await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { firstAvailable: true })).status).toBe(200);
    expect(await availableTo(firstClient)).not.toContain(kase.uuid);
    const refused = await firstClient.post(`/api/cases/${kase.uuid}/accept`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(ROUTING_MESSAGES.youDeclined);
    const secondClient = await signedInClient(server.url, second);
    expect((await secondClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(200);
  });

  it('STAT to the first available needs someone available now', async () => {
    const specialty = specialtyOf();
    await specialist(false, specialty);
    const kase = await offeredCase(specialty, new Date(Date.now() - 2 * 3_600_000));
    await db().case.update({ where: { id: kase.id }, data: { urgency: 'stat', routing: 'named', specialistId: null } });
    const refused = await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { firstAvailable: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(TURNAROUND_MESSAGES.statNoneAvailable);
    await specialist(true, specialty);
    expect((await vetClient.post(`/api/cases/${kase.uuid}/reassign`, { firstAvailable: true })).status).toBe(200);
  });
});
