import { randomUUID } from 'node:crypto';
import { TURNAROUND_MESSAGES } from '@vetconsult/schema/turnaround';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_ONCE_ACCEPTED, ONLY_OWN_VET_CANCELS } from '../src/domain/cases/cases.rules';
import type { Case, User } from '../src/generated/prisma/client';
import { consultFields, multipart } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createSpecialist, createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Issue 19 "Turnaround you can choose and see", through the real server and database with the built-in
// test provider: urgency fees (CAD and USD clinics, coupon, tax), STAT only to a specialist available
// now, and the due time fixed at activation.

let server: TestServer;
let vet: User; // Toronto, ON: CAD, 13% HST
let vetClient: TestClient;
let usVet: User; // New York: USD, no tax
let usClient: TestClient;
let available: User;
let away: User;

const db = () => server.database.db;
const tag = () => randomUUID().slice(0, 8).toUpperCase();

beforeAll(async () => {
  server = await startTestServer({
    stripe: undefined,
    prices: {
      consultFeeCents: 15000,
      revisitFeeCents: 7500,
      urgencyFeeCents: { routine: 0, priority: 4000, stat: 9000 },
      currency: 'cad',
      byCurrency: {
        cad: {
          consultFeeCents: 15000,
          revisitFeeCents: 7500,
          urgencyFeeCents: { routine: 0, priority: 4000, stat: 9000 },
        },
        usd: {
          consultFeeCents: 12000,
          revisitFeeCents: 6000,
          urgencyFeeCents: { routine: 0, priority: 3000, stat: 7000 },
        },
      },
    },
  });
  vet = await createUser(db(), { role: 'VETERINARIAN' });
  vetClient = await signedInClient(server.url, vet);
  usVet = await createUser(db(), { role: 'VETERINARIAN', clinicAddress: '350 Fifth Ave, New York, NY 10118' });
  usClient = await signedInClient(server.url, usVet);
  available = await specialist(true);
  away = await specialist(false);
});
afterAll(() => server.close());

/** An approved specialist, available every hour of every day, or never. */
const specialist = (availableNow: boolean, specialty = 'Cardiology') =>
  createSpecialist(db(), { availableNow, specialty });

async function unpaidCase(
  vetId: number,
  data: Partial<Pick<Case, 'urgency' | 'specialistId' | 'specialty' | 'status'>> = {},
): Promise<Case> {
  return db().case.create({
    data: {
      vetId,
      status: 'pending_payment',
      specialty: 'Cardiology',
      specialistId: available.id,
      patientName: 'Rex',
      familyLastName: 'Smith',
      species: 'Canine',
      clinicalSigns: 'Coughing for two weeks',
      questions: 'What is the prognosis?',
      termsAccepted: true,
      ...data,
    },
  });
}

const intentFor = (kase: Case, body: Record<string, unknown> = {}, client = vetClient) =>
  client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: kase.uuid, ...body });

const payWithCard = (paymentIntentId: string, client = vetClient) =>
  client.post('/api/payment/test-provider/confirm', {
    paymentIntentId,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });

describe('urgency fees (issue 19 item A)', () => {
  const cases = [
    // Ontario: fee + urgency fee, minus 10% coupon when given, then 13% HST.
    { clinic: 'ON', urgency: 'routine', coupon: false, original: 15000, fee: 0, discount: 0, tax: 1950, total: 16950 },
    {
      clinic: 'ON',
      urgency: 'priority',
      coupon: false,
      original: 19000,
      fee: 4000,
      discount: 0,
      tax: 2470,
      total: 21470,
    },
    { clinic: 'ON', urgency: 'stat', coupon: false, original: 24000, fee: 9000, discount: 0, tax: 3120, total: 27120 },
    {
      clinic: 'ON',
      urgency: 'stat',
      coupon: true,
      original: 24000,
      fee: 9000,
      discount: 2400,
      tax: 2808,
      total: 24408,
    },
    {
      clinic: 'ON',
      urgency: 'priority',
      coupon: true,
      original: 19000,
      fee: 4000,
      discount: 1900,
      tax: 2223,
      total: 19323,
    },
    // New York: USD fees of the configuration, no tax.
    { clinic: 'US', urgency: 'routine', coupon: false, original: 12000, fee: 0, discount: 0, tax: 0, total: 12000 },
    { clinic: 'US', urgency: 'priority', coupon: false, original: 15000, fee: 3000, discount: 0, tax: 0, total: 15000 },
    { clinic: 'US', urgency: 'stat', coupon: false, original: 19000, fee: 7000, discount: 0, tax: 0, total: 19000 },
    { clinic: 'US', urgency: 'stat', coupon: true, original: 19000, fee: 7000, discount: 1900, tax: 0, total: 17100 },
  ] as const;

  it.each(cases)('$clinic $urgency (coupon: $coupon) costs $total', async (row) => {
    const owner = row.clinic === 'ON' ? vet : usVet;
    const client = row.clinic === 'ON' ? vetClient : usClient;
    const kase = await unpaidCase(owner.id, { urgency: row.urgency });
    const code = row.coupon
      ? (
          await db().promotionCode.create({
            data: { code: `U${tag()}`, percentOff: 10, currency: row.clinic === 'ON' ? 'cad' : 'usd' },
          })
        ).code
      : undefined;
    const response = await intentFor(kase, code ? { couponCode: code } : {}, client);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      currency: row.clinic === 'ON' ? 'cad' : 'usd',
      urgency: row.urgency,
      urgencyFeeAmount: row.fee,
      originalAmount: row.original,
      discountAmount: row.discount,
      taxAmount: row.tax,
      totalAmount: row.total,
    });
    const payment = await db().payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: response.body.paymentIntentId },
    });
    expect(payment.pricedTerms).toMatchObject({ urgency: row.urgency });
  });

  it('GraphQL prices the same as REST (one service)', async () => {
    const kase = await unpaidCase(vet.id, { urgency: 'priority' });
    const response = await vetClient.gql(
      `mutation($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { urgency urgencyFeeAmount totalAmount } }`,
      { input: { type: 'consultation', caseId: kase.uuid } },
    );
    expect(response.data.createPaymentIntent).toEqual({
      urgency: 'priority',
      urgencyFeeAmount: 4000,
      totalAmount: 21470,
    });
  });

  it('settlement refuses a payment whose urgency no longer matches the case, and records the refund due', async () => {
    const kase = await unpaidCase(vet.id, { urgency: 'routine' });
    const intent = await intentFor(kase);
    await db().case.update({ where: { id: kase.id }, data: { urgency: 'stat' } });
    // The card step checks first and charges nothing...
    expect((await payWithCard(intent.body.paymentIntentId)).status).toBe(409);
    // ...but a card confirmed in the browser (Stripe.js) is captured before the server hears of it.
    await db().payment.update({
      where: { providerPaymentIntentId: intent.body.paymentIntentId },
      data: { status: 'succeeded' },
    });
    const confirmed = await vetClient.post('/api/payment/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmed.body.success).toBe(false);
    const after = await db().case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after).toMatchObject({ status: 'pending_payment', dueAt: null, activatedAt: null });
    // Issue 19 item C: the money captured for the refused activation is refunded in full, once.
    const payment = await db().payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: intent.body.paymentIntentId },
    });
    expect(payment).toMatchObject({ refundDueAmount: 16950, refundAmount: 16950 });
    expect(payment.refundedAt).not.toBeNull();
    expect(payment.providerRefundId).toMatch(/^re_test_/);
  });

  it('a revisit is priced at the urgency chosen on the revisit form, and must be created at that urgency', async () => {
    const original = await unpaidCase(vet.id, { status: 'reviewed' });
    const intent = await vetClient.post('/api/payment/create-payment-intent', {
      type: 'revisit',
      caseId: original.uuid,
      urgency: 'priority',
    });
    expect(intent.body).toMatchObject({ urgency: 'priority', originalAmount: 11500, totalAmount: 12995 });
    expect((await payWithCard(intent.body.paymentIntentId)).status).toBe(200);
    const revisit = await vetClient.post(
      '/api/cases/revisit',
      multipart({
        originalCaseUuid: original.uuid,
        clinicalSigns: 'Cough is back since last week.',
        questions: 'Should we change the dose?',
        termsAccepted: 'true',
        paymentIntentId: intent.body.paymentIntentId,
        urgency: 'priority',
      }),
    );
    expect(revisit.status).toBe(201);
    expect(revisit.body).toMatchObject({ status: 'pending', urgency: 'priority' });
  });

  it('refuses an unknown urgency with a clear message (400)', async () => {
    const response = await vetClient.post(
      '/api/cases',
      multipart({ ...consultFields(available.id), urgency: 'yesterday' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please choose Routine, Priority or STAT');
  });
});

describe('STAT only to a specialist available now (issue 19 item A)', () => {
  it('refuses STAT for an away specialist at submission and at payment, through both doors', async () => {
    const submit = await vetClient.post('/api/cases', multipart({ ...consultFields(away.id), urgency: 'stat' }));
    expect(submit.status).toBe(400);
    expect(submit.body.message).toBe(TURNAROUND_MESSAGES.statNeedsAvailable);

    const kase = await unpaidCase(vet.id, { urgency: 'stat', specialistId: away.id });
    const rest = await intentFor(kase);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(TURNAROUND_MESSAGES.statNeedsAvailable);
    const gql = await vetClient.gql(
      `mutation($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { totalAmount } }`,
      { input: { type: 'consultation', caseId: kase.uuid } },
    );
    expect(gql.errors?.[0]?.message).toBe(TURNAROUND_MESSAGES.statNeedsAvailable);
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await db().payment.count({ where: { caseId: kase.id } })).toBe(0);
  });

  it('accepts STAT for an available specialist, and Priority for an away one', async () => {
    const stat = await vetClient.post('/api/cases', multipart({ ...consultFields(available.id), urgency: 'stat' }));
    expect(stat.status).toBe(201);
    expect(stat.body).toMatchObject({ urgency: 'stat', status: 'pending_payment', dueAt: null });
    const priority = await vetClient.post('/api/cases', multipart({ ...consultFields(away.id), urgency: 'priority' }));
    expect(priority.status).toBe(201);
  });
});

describe('the clock (issue 19 item B)', () => {
  it('fixes the due time at activation: activation + 4 h for STAT, + 48 h for Routine', async () => {
    for (const [urgency, hours] of [
      ['stat', 4],
      ['routine', 48],
    ] as const) {
      const kase = await unpaidCase(vet.id, { urgency });
      const intent = await intentFor(kase);
      const before = Date.now();
      expect((await payWithCard(intent.body.paymentIntentId)).status).toBe(200);
      const after = await db().case.findUniqueOrThrow({ where: { id: kase.id } });
      expect(after.status).toBe('pending');
      expect(after.activatedAt).not.toBeNull();
      expect(after.activatedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(after.dueAt?.getTime()).toBe((after.activatedAt?.getTime() ?? 0) + hours * 3_600_000);
      const payment = await db().payment.findFirstOrThrow({ where: { caseId: kase.id, activatedAt: { not: null } } });
      expect(payment.activatedAt?.getTime()).toBe(after.activatedAt?.getTime());
    }
  });

  it("sorts the specialist's Available Cases and open lists by due time, soonest first, and flags overdue", async () => {
    // A specialty of its own: first-available cases of other test files (offered to every available
    // specialist of their specialty) would otherwise join this specialist's Available Cases.
    const specialty = `Cardiology ${tag()}`;
    const mine = await specialist(true, specialty);
    const client = await signedInClient(server.url, mine);
    const now = Date.now();
    const make = (hoursLeft: number, urgency: Case['urgency']) =>
      db().case.create({
        data: {
          vetId: vet.id,
          specialistId: mine.id,
          specialty,
          status: 'pending',
          isPaid: true,
          urgency,
          patientName: `Due ${hoursLeft}`,
          activatedAt: new Date(now - 3_600_000),
          dueAt: new Date(now + hoursLeft * 3_600_000),
        },
      });
    // Created in an order that is not the due order.
    const later = await make(40, 'routine');
    const overdue = await make(-2, 'stat');
    const soon = await make(3, 'stat');
    const available = await client.gql('{ availableCases { uuid overdue urgency } }');
    expect(available.data.availableCases.map((c: { uuid: string }) => c.uuid)).toEqual([
      overdue.uuid,
      soon.uuid,
      later.uuid,
    ]);
    expect(available.data.availableCases[0]).toMatchObject({ overdue: true, urgency: 'stat' });
    expect(available.data.availableCases[1].overdue).toBe(false);
    const rest = await client.get(
      `/api/cases?role=specialist&status=pending&specialty=${encodeURIComponent(specialty)}`,
    );
    expect(rest.body.map((c: { uuid: string }) => c.uuid)).toEqual([overdue.uuid, soon.uuid, later.uuid]);
    expect(rest.body[0]).toMatchObject({ overdue: true, dueAt: overdue.dueAt?.toISOString() });
    const pending = await client.gql('{ myCases(status: pending) { uuid } }');
    expect(pending.data.myCases.map((c: { uuid: string }) => c.uuid)).toEqual([overdue.uuid, soon.uuid, later.uuid]);
    // The veterinarian and the administrator see the same flag.
    const vetView = await vetClient.gql('query($u: String!) { case(uuid: $u) { overdue dueAt } }', {
      u: overdue.uuid,
    });
    expect(vetView.data.case.overdue).toBe(true);
  });
});

const testProvider = () =>
  server.services.payments.provider as ReturnType<
    typeof import('../src/domain/payments/test-provider').createTestProvider
  >;

/** A STAT-free case paid by card (optionally with a coupon), pending for `specialistId`. */
async function paidCase(specialistId = available.id, couponCode?: string) {
  const kase = await unpaidCase(vet.id, { specialistId });
  const intent = await intentFor(kase, couponCode ? { couponCode } : {});
  expect((await payWithCard(intent.body.paymentIntentId)).status).toBe(200);
  const paid = await db().case.findUniqueOrThrow({ where: { id: kase.id } });
  expect(paid.status).toBe('pending');
  return { kase: paid, paymentIntentId: intent.body.paymentIntentId as string };
}

const CANCEL =
  'mutation($u: String!, $r: String) { cancelCase(uuid: $u, reason: $r) { uuid status statusLabel cancelledAt cancelReason refund { amount currency } } }';

describe('cancellation with refund (issue 19 item C)', () => {
  it('refunds in full, releases the coupon once, and a replayed request changes nothing', async () => {
    const code = await db().promotionCode.create({
      data: { code: `C${tag()}`, percentOff: 10, currency: 'cad', maxRedemptions: 3 },
    });
    const { kase, paymentIntentId } = await paidCase(available.id, code.code);
    expect((await db().promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(1);

    const first = await vetClient.post(`/api/cases/${kase.uuid}/cancel`, { reason: 'Owner chose referral' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      cancelReason: 'Owner chose referral',
    });
    const payment = await db().payment.findUniqueOrThrow({ where: { providerPaymentIntentId: paymentIntentId } });
    expect(payment).toMatchObject({ refundAmount: payment.totalAmount });
    expect(payment.providerRefundId).toMatch(/^re_test_/);
    expect((await db().promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(0);

    // Replays through both doors: the same cancelled case, the same single refund, the coupon untouched.
    const replay = await vetClient.post(`/api/cases/${kase.uuid}/cancel`, {});
    expect(replay.status).toBe(200);
    const gql = await vetClient.gql(CANCEL, { u: kase.uuid });
    expect(gql.data.cancelCase).toMatchObject({
      status: 'cancelled',
      refund: { amount: payment.totalAmount, currency: 'cad' },
    });
    const after = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(after.refundedAt?.getTime()).toBe(payment.refundedAt?.getTime());
    expect(after.providerRefundId).toBe(payment.providerRefundId);
    expect((await db().promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(0);
  });

  it('the charge.refunded webhook of the same refund, delivered twice, records nothing more', async () => {
    const { kase, paymentIntentId } = await paidCase();
    expect((await vetClient.post(`/api/cases/${kase.uuid}/cancel`, {})).status).toBe(200);
    const payment = await db().payment.findUniqueOrThrow({ where: { providerPaymentIntentId: paymentIntentId } });
    const payload = testProvider().refundEventFor({
      id: payment.providerRefundId ?? '',
      paymentIntentId,
      amount: payment.totalAmount,
      status: 'succeeded',
    });
    for (const expected of [false, true]) {
      const delivered = await fetch(`${server.url}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': testProvider().signWebhookPayload(payload) },
        body: payload,
      });
      expect(await delivered.json()).toEqual({ received: true, duplicate: expected });
    }
    const after = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(after.refundedAt?.getTime()).toBe(payment.refundedAt?.getTime());
  });

  it('a refund reported by webhook first is the one the cancel finds (recorded once)', async () => {
    const { kase, paymentIntentId } = await paidCase();
    const payment = await db().payment.findUniqueOrThrow({ where: { providerPaymentIntentId: paymentIntentId } });
    // The provider's refund id for this payment is fixed by its idempotency key: the webhook names it.
    const refund = await testProvider().refund({
      paymentIntentId,
      amount: payment.totalAmount,
      idempotencyKey: `vetconsult-refund-${payment.id}`,
      reason: 'test',
    });
    const payload = testProvider().refundEventFor(refund);
    await fetch(`${server.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': testProvider().signWebhookPayload(payload) },
      body: payload,
    });
    const recorded = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(recorded.providerRefundId).toBe(refund.id);
    expect((await vetClient.post(`/api/cases/${kase.uuid}/cancel`, {})).status).toBe(200);
    const after = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(after.refundedAt?.getTime()).toBe(recorded.refundedAt?.getTime());
  });

  it('is refused once accepted (409), to the specialist (403) and to another vet (404), with the same words in both doors', async () => {
    const { kase } = await paidCase();
    const specialistClient = await signedInClient(server.url, available);
    expect((await specialistClient.post(`/api/cases/${kase.uuid}/accept`)).status).toBe(200);
    const rest = await vetClient.post(`/api/cases/${kase.uuid}/cancel`, {});
    expect(rest.status).toBe(409);
    expect(rest.body.message).toBe(CANCEL_ONCE_ACCEPTED);
    const gql = await vetClient.gql(CANCEL, { u: kase.uuid });
    expect(gql.errors?.[0]?.message).toBe(CANCEL_ONCE_ACCEPTED);
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await db().payment.findFirstOrThrow({ where: { caseId: kase.id } })).refundedAt).toBeNull();

    const pending = await paidCase();
    const bySpecialist = await specialistClient.post(`/api/cases/${pending.kase.uuid}/cancel`, {});
    expect(bySpecialist.status).toBe(403);
    expect(bySpecialist.body.message).toBe(ONLY_OWN_VET_CANCELS);
    const stranger = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    expect((await stranger.post(`/api/cases/${pending.kase.uuid}/cancel`, {})).status).toBe(404);
    const unpaid = await unpaidCase(vet.id);
    expect((await vetClient.post(`/api/cases/${unpaid.uuid}/cancel`, {})).status).toBe(409);
    const tooLong = await vetClient.post(`/api/cases/${pending.kase.uuid}/cancel`, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
  });

  it("the cancelled case leaves the specialist's Available Cases live (subscription), and shows Cancelled to the vet", async () => {
    const mine = await specialist(true);
    const specialistClient = await signedInClient(server.url, mine);
    const { kase } = await paidCase(mine.id);
    const socket = wsClient(server.url, specialistClient.cookieHeader);
    await connected(socket);
    const events = collect(socket, 'subscription { availableCasesChanged { uuid status kind } }');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const listed = await specialistClient.gql('{ availableCases { uuid } }');
    expect(listed.data.availableCases.map((c: { uuid: string }) => c.uuid)).toContain(kase.uuid);

    expect((await vetClient.post(`/api/cases/${kase.uuid}/cancel`, {})).status).toBe(200);
    const event = await events.next((r) => r.data?.availableCasesChanged.uuid === kase.uuid);
    expect(event.data?.availableCasesChanged).toMatchObject({ status: 'cancelled', kind: 'cancelled' });
    const after = await specialistClient.gql('{ availableCases { uuid } myCases(status: all) { uuid } }');
    expect(after.data.availableCases.map((c: { uuid: string }) => c.uuid)).not.toContain(kase.uuid);
    expect(after.data.myCases.map((c: { uuid: string }) => c.uuid)).not.toContain(kase.uuid);
    const upload = await vetClient.post(
      `/api/cases/${kase.uuid}/files`,
      multipart({ category: 'input' }, [{ name: 'late.txt', bytes: Buffer.from('more notes'), type: 'text/plain' }]),
    );
    expect(upload.status).toBe(409);
    expect(upload.body.message).toBe('Files cannot be added to a cancelled consult');
    const vetList = await vetClient.gql('{ myCases(status: cancelled) { uuid statusLabel } }');
    expect(vetList.data.myCases).toContainEqual({ uuid: kase.uuid, statusLabel: 'Cancelled' });
    await socket.dispose();
  });
});
