import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '../src/generated/prisma/client';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Payments through the real HTTP server and database, with the built-in test provider (no
// STRIPE_SECRET_KEY): SPEC §7 /api/payment/*, §8 "Payment" and "Coupon" messages, exactly-once activation.

let server: TestServer;
let vet: User;
let vetClient: TestClient;
const activations: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    stripe: undefined,
    prices: { consultFeeCents: 15000, revisitFeeCents: 7500, currency: 'cad' },
  });
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' }); // clinic in Toronto, ON
  vetClient = await signedInClient(server.url, vet);
  // Every activation publishes once; count them by wrapping the publisher the payments service uses.
  const cases = server.services.cases;
  const publish = cases.caseActivated.bind(cases);
  cases.caseActivated = (kase) => {
    activations.push(kase.uuid);
    publish(kase);
  };
});
afterAll(() => server.close());

const tag = () => randomUUID().slice(0, 8).toUpperCase();

async function unpaidCase(
  vetId = vet.id,
  extra: Partial<Pick<Case, 'status' | 'specialty' | 'nutritionComplex'>> = {},
): Promise<Case> {
  return server.database.db.case.create({
    data: {
      vetId,
      status: 'pending_payment',
      specialty: 'Cardiology',
      patientName: 'Rex',
      familyLastName: 'Smith',
      species: 'Canine',
      clinicalSigns: 'Coughing for two weeks',
      questions: 'What is the prognosis?',
      termsAccepted: true,
      ...extra,
    },
  });
}

async function coupon(data: {
  percentOff?: number;
  amountOff?: number;
  expiresAt?: Date;
  maxRedemptions?: number;
  timesRedeemed?: number;
  restrictionsMinimumAmount?: number;
  active?: boolean;
}) {
  return server.database.db.promotionCode.create({ data: { code: `T${tag()}`, currency: 'cad', ...data } });
}

async function intentFor(kase: Case, body: Record<string, unknown> = {}, client = vetClient) {
  return client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: kase.uuid, ...body });
}

async function payWithCard(
  paymentIntentId: string,
  cardNumber: string,
  client = vetClient,
  exp = { expMonth: 12, expYear: 2099 },
) {
  return client.post('/api/payment/test-provider/confirm', { paymentIntentId, cardNumber, ...exp, cvc: '123' });
}

describe('payment intents (prices, tax, coupons)', () => {
  it('GET /api/payment/config names the test provider', async () => {
    const response = await vetClient.get('/api/payment/config');
    expect(response.body).toEqual({ provider: 'test', publishableKey: null, currency: 'cad' });
  });

  it('prices a consultation for an Ontario clinic: $150 + 13% HST', async () => {
    const kase = await unpaidCase();
    const response = await intentFor(kase);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      originalAmount: 15000,
      discountAmount: 0,
      taxAmount: 1950,
      taxRate: 13,
      taxIncluded: false,
      totalAmount: 16950,
      amount: 16950,
      currency: 'cad',
      isCanadian: true,
      province: 'ON',
      automaticTax: false,
    });
    expect(response.body.paymentIntentId).toMatch(/^pi_test_[0-9a-f]+$/);
    expect(response.body.clientSecret).toMatch(new RegExp(`^${response.body.paymentIntentId}_secret_\\w+$`));
    const row = await server.database.db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: response.body.paymentIntentId },
    });
    expect(row).toMatchObject({ caseId: kase.id, userId: vet.id, totalAmount: 16950, provider: 'test' });
  });

  it('a repeated request reuses the open intent; a new coupon replaces it and cancels the old one', async () => {
    const kase = await unpaidCase();
    const first = await intentFor(kase);
    const again = await intentFor(kase);
    expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const save = await coupon({ amountOff: 2500 });
    const discounted = await intentFor(kase, { couponCode: save.code.toLowerCase() });
    expect(discounted.status).toBe(200);
    expect(discounted.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    // $25 off $150, then 13% on $125.
    expect(discounted.body).toMatchObject({ discountAmount: 2500, taxAmount: 1625, totalAmount: 14125 });
    const old = await server.database.db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: first.body.paymentIntentId },
    });
    expect(old.status).toBe('canceled');
    expect((await payWithCard(first.body.paymentIntentId, '4242424242424242')).status).toBe(409);
  });

  it('a Nutrition consult with the complex formulation adds $75 before tax', async () => {
    const kase = await unpaidCase(vet.id, { specialty: 'Nutrition', nutritionComplex: true });
    const response = await intentFor(kase);
    expect(response.body).toMatchObject({ originalAmount: 22500, taxAmount: 2925, totalAmount: 25425 });
    const simple = await unpaidCase(vet.id, { specialty: 'Nutrition' });
    expect((await intentFor(simple)).body.originalAmount).toBe(15000);
  });

  it('taxes by the clinic province (QC 14.975%) and leaves US clinics untaxed', async () => {
    const quebec = await createUser(server.database.db, {
      role: 'VETERINARIAN',
      clinicAddress: '1000 Rue Sherbrooke O, Montreal, QC H3A 3G4',
    });
    const qcClient = await signedInClient(server.url, quebec);
    const qc = await intentFor(await unpaidCase(quebec.id), {}, qcClient);
    expect(qc.body).toMatchObject({ province: 'QC', taxRate: 14.975, taxAmount: 2246, totalAmount: 17246 });

    const american = await createUser(server.database.db, {
      role: 'VETERINARIAN',
      clinicAddress: '350 Fifth Ave, New York, NY 10118',
    });
    const usClient = await signedInClient(server.url, american);
    const us = await intentFor(await unpaidCase(american.id), {}, usClient);
    expect(us.body).toMatchObject({ province: 'NY', isCanadian: false, taxRate: 0, taxAmount: 0, totalAmount: 15000 });
  });

  it('accepts the client wording case_reopening for a revisit of a reviewed case', async () => {
    const reviewed = await unpaidCase(vet.id, { status: 'reviewed' });
    const response = await vetClient.post('/api/payment/create-payment-intent', {
      type: 'case_reopening',
      caseId: reviewed.uuid,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'revisit', originalAmount: 7500, taxAmount: 975, totalAmount: 8475 });
    const notReviewed = await unpaidCase(vet.id, { status: 'accepted' });
    const refused = await vetClient.post('/api/payment/create-payment-intent', {
      type: 'revisit',
      caseId: notReviewed.uuid,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This case must be completed before it can be revisited');
  });

  it('multipart: formData as JSON text, with a diagnostic file handed to the case', async () => {
    const kase = await unpaidCase();
    const form = new FormData();
    form.set('type', 'new_consultation');
    form.set('caseId', kase.uuid);
    form.set('couponCode', '');
    form.set('formData', JSON.stringify({ specialty: 'Cardiology', patientName: 'Rex' }));
    form.append('files', new Blob(['Heart rate 180 bpm, murmur grade 3/6']), 'notes.txt');
    const response = await vetClient.post('/api/payment/create-payment-intent', form);
    expect(response.status).toBe(200);
    expect(response.body.totalAmount).toBe(16950);
    const files = await server.database.db.caseFile.findMany({ where: { caseId: kase.id } });
    expect(files.map((f) => f.filename)).toEqual(['notes.txt']);
  });

  it('refuses a case that is not the caller’s (403), a specialist (403) and no session (401)', async () => {
    const other = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const othersCase = await unpaidCase(other.id);
    const denied = await intentFor(othersCase);
    expect(denied.status).toBe(403);
    expect(await server.database.db.payment.count({ where: { caseId: othersCase.id } })).toBe(0);

    const specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
    const specialistClient = await signedInClient(server.url, specialist);
    expect((await intentFor(othersCase, {}, specialistClient)).status).toBe(403);
    expect((await intentFor(othersCase, {}, new TestClient(server.url))).status).toBe(401);

    // Confirming someone else's intent is refused as well.
    const otherClient = await signedInClient(server.url, other);
    const theirs = await intentFor(othersCase, {}, otherClient);
    expect((await payWithCard(theirs.body.paymentIntentId, '4242424242424242')).status).toBe(403);
    expect(
      (await vetClient.post('/api/payment/confirm-payment', { paymentIntentId: theirs.body.paymentIntentId })).status,
    ).toBe(403);
    const still = await server.database.db.case.findUniqueOrThrow({ where: { id: othersCase.id } });
    expect(still.status).toBe('pending_payment');
  });
});

describe('coupons (SPEC §5, §8)', () => {
  const apply = (couponCode: string, paymentType = 'consultation') =>
    vetClient.post('/api/payment/apply-coupon', { couponCode, paymentType });

  it('applies a percentage and a fixed amount', async () => {
    const ten = await coupon({ percentOff: 10 });
    expect((await apply(ten.code)).body).toEqual({ discountAmount: 1500, couponName: '10% off', couponCode: ten.code });
    const five = await coupon({ amountOff: 500 });
    expect((await apply(five.code.toLowerCase(), 'revisit')).body).toMatchObject({
      discountAmount: 500,
      couponName: '$5.00 off',
    });
  });

  it('answers each failure with its message', async () => {
    const expect400 = async (code: string, message: string) => {
      const response = await apply(code);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    };
    await expect400('', 'Please enter a coupon code');
    await expect400('   ', 'Please enter a coupon code');
    await expect400(`NOPE${tag()}`, 'This coupon code is not valid');
    await expect400((await coupon({ percentOff: 10, active: false })).code, 'This coupon code is not valid');
    await expect400(
      (await coupon({ percentOff: 10, expiresAt: new Date(Date.now() - 1000) })).code,
      'This coupon has expired',
    );
    await expect400(
      (await coupon({ percentOff: 10, maxRedemptions: 2, timesRedeemed: 2 })).code,
      'This coupon has reached its redemption limit',
    );
    await expect400(
      (await coupon({ percentOff: 10, restrictionsMinimumAmount: 20000 })).code,
      'This coupon requires a minimum purchase of $200.00',
    );
    // The same rules refuse the code when the intent is created.
    const kase = await unpaidCase();
    const expired = await coupon({ amountOff: 500, expiresAt: new Date(Date.now() - 1000) });
    const response = await intentFor(kase, { couponCode: expired.code });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This coupon has expired');
  });

  it('a 100% coupon gives free_consultation and the confirm call activates without a card', async () => {
    const free = await coupon({ percentOff: 100 });
    const kase = await unpaidCase();
    const intent = await intentFor(kase, { couponCode: free.code });
    expect(intent.body).toMatchObject({
      clientSecret: 'free_consultation',
      totalAmount: 0,
      discountAmount: 15000,
      taxAmount: 0,
    });
    expect(intent.body.paymentIntentId).toMatch(/^free_consultation:/);
    const confirmed = await vetClient.post('/api/payment/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmed.body).toMatchObject({ success: true });
    const after = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after).toMatchObject({ status: 'pending', isPaid: true, paymentAmount: 0 });
    expect((await server.database.db.promotionCode.findUniqueOrThrow({ where: { id: free.id } })).timesRedeemed).toBe(
      1,
    );
    // Confirming again changes nothing.
    expect(
      (await vetClient.post('/api/payment/confirm-payment', { paymentIntentId: intent.body.paymentIntentId })).body,
    ).toMatchObject({ success: true });
    expect((await server.database.db.promotionCode.findUniqueOrThrow({ where: { id: free.id } })).timesRedeemed).toBe(
      1,
    );
  });
});

describe('test provider cards (SPEC §8 messages)', () => {
  const outcomes: Array<[string, string, string]> = [
    [
      '4000000000000002',
      'card_declined',
      'Your card was declined. Please try a different payment method or contact your bank.',
    ],
    [
      '4000000000009995',
      'insufficient_funds',
      'Insufficient funds on your card. Please try a different payment method.',
    ],
    ['4000000000000069', 'expired_card', 'Your card has expired. Please use a different payment method.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect. Please check and try again."],
    [
      '4000000000000119',
      'processing_error',
      'Payment processing error. Please try again or use a different payment method.',
    ],
    [
      '4000002500003155',
      'authentication_required',
      'Additional authentication required. Please complete the verification and try again.',
    ],
    [
      '4000002760003184',
      'authentication_required',
      'Additional authentication required. Please complete the verification and try again.',
    ],
  ];

  it.each(outcomes)('%s -> %s', async (card, code, message) => {
    const kase = await unpaidCase();
    const intent = await intentFor(kase);
    const response = await payWithCard(intent.body.paymentIntentId, card);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'requires_payment_method', error: { code, message } });
    // The case stays unpaid, and confirm-payment reports the same words.
    const confirm = await vetClient.post('/api/payment/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirm.status).toBe(402);
    expect(confirm.body.message).toBe(message);
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe(
      'pending_payment',
    );
  });

  it('an expiry date in the past is expired_card; an unknown number is declined; a bad number keeps the provider text', async () => {
    const intent = await intentFor(await unpaidCase());
    const expired = await payWithCard(intent.body.paymentIntentId, '4242424242424242', vetClient, {
      expMonth: 1,
      expYear: 2020,
    });
    expect(expired.body.error).toEqual({
      code: 'expired_card',
      message: 'Your card has expired. Please use a different payment method.',
    });
    const real = await payWithCard(intent.body.paymentIntentId, '4012888888881881');
    expect(real.body.error.code).toBe('card_declined');
    const typo = await payWithCard(intent.body.paymentIntentId, '4242424242424241');
    expect(typo.body.error).toEqual({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
  });

  it('a declined card can be retried with 4242…; success activates the case once', async () => {
    const kase = await unpaidCase();
    const intent = await intentFor(kase);
    await payWithCard(intent.body.paymentIntentId, '4000000000000002');
    const before = activations.length;
    const paid = await payWithCard(intent.body.paymentIntentId, '4242 4242 4242 4242');
    expect(paid.body).toMatchObject({ status: 'succeeded', activated: true });
    expect(paid.body.error).toBeUndefined();
    const confirmed = await vetClient.post('/api/payment/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmed.body).toMatchObject({ success: true });
    const after = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after).toMatchObject({
      status: 'pending',
      isPaid: true,
      paymentAmount: 16950,
      stripePaymentIntentId: intent.body.paymentIntentId,
    });
    expect(activations.slice(before)).toEqual([kase.uuid]);
    // The payment is now listed for the vet on the case.
    const listed = await vetClient.gql(
      'query ($id: ID!) { casePayments(caseId: $id) { paymentIntentId status totalAmount taxRate caseUuid activatedAt } }',
      { id: kase.uuid },
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data.casePayments).toEqual([
      expect.objectContaining({
        paymentIntentId: intent.body.paymentIntentId,
        status: 'succeeded',
        totalAmount: 16950,
        caseUuid: kase.uuid,
      }),
    ]);
  });
});

describe('webhooks and exactly-once activation', () => {
  const provider = () =>
    server.services.payments.provider as ReturnType<
      typeof import('../src/domain/payments/test-provider').createTestProvider
    >;

  async function succeededIntent(couponCode?: string) {
    const kase = await unpaidCase();
    const intent = await intentFor(kase, couponCode ? { couponCode } : {});
    // The card succeeds at the provider without the service hearing of it (as when Stripe.js confirms).
    const record = await server.database.db.payment.update({
      where: { providerPaymentIntentId: intent.body.paymentIntentId },
      data: { status: 'succeeded' },
    });
    const retrieved = await provider().retrieveIntent(record.providerPaymentIntentId);
    if (!retrieved) throw new Error('intent not found');
    const payload = provider().eventFor(retrieved, 'payment_intent.succeeded');
    return { kase, paymentIntentId: intent.body.paymentIntentId as string, payload };
  }

  const deliver = (payload: string, signature: string) =>
    fetch(`${server.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });

  it('a signed payment_intent.succeeded activates; the replay changes nothing', async () => {
    const code = await coupon({ percentOff: 10 });
    const { kase, payload } = await succeededIntent(code.code);
    const signature = provider().signWebhookPayload(payload);
    const before = activations.length;
    const first = await deliver(payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const activated = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(activated.status).toBe('pending');

    const replay = await deliver(payload, provider().signWebhookPayload(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const after = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after.version).toBe(activated.version);
    expect(after.updatedAt).toEqual(activated.updatedAt);
    expect((await server.database.db.promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(
      1,
    );
    expect(activations.length - before).toBe(1);
  });

  it('a tampered signature or body is refused with 400 and changes nothing', async () => {
    const { kase, payload } = await succeededIntent();
    const signature = provider().signWebhookPayload(payload);
    const tamperedSignature = signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    const badSig = await deliver(payload, tamperedSignature);
    expect(badSig.status).toBe(400);
    expect((await badSig.json()).message).toBe('Invalid webhook signature');
    const badBody = await deliver(payload.replace('"amount":16950', '"amount":1'), signature);
    expect(badBody.status).toBe(400);
    expect((await deliver(payload, '')).status).toBe(400);
    const eventId = JSON.parse(payload).id as string;
    expect(await server.database.db.webhookEvent.findUnique({ where: { id: eventId } })).toBeNull();
    const after = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(after).toMatchObject({ status: 'pending_payment', isPaid: false });
  });

  it('confirm + webhook racing: one activation, one redemption', async () => {
    const code = await coupon({ amountOff: 1000 });
    const { kase, paymentIntentId, payload } = await succeededIntent(code.code);
    const before = activations.length;
    const [confirmed, hook, confirmedAgain] = await Promise.all([
      vetClient.post('/api/payment/confirm-payment', { paymentIntentId }),
      deliver(payload, provider().signWebhookPayload(payload)),
      vetClient.post('/api/payment/confirm-payment', { paymentIntentId }),
    ]);
    expect(confirmed.body).toMatchObject({ success: true });
    expect(confirmedAgain.body).toMatchObject({ success: true });
    expect(hook.status).toBe(200);
    expect(activations.slice(before)).toEqual([kase.uuid]);
    expect((await server.database.db.promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(
      1,
    );
    const payment = await server.database.db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: paymentIntentId },
    });
    expect(payment.activatedAt).not.toBeNull();
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe('pending');
  });

  it('payment_intent.payment_failed records the failure and leaves the case unpaid', async () => {
    const kase = await unpaidCase();
    const intent = await intentFor(kase);
    const retrieved = await provider().retrieveIntent(intent.body.paymentIntentId);
    if (!retrieved) throw new Error('intent not found');
    const payload = provider().eventFor(
      {
        ...retrieved,
        lastError: {
          code: 'card_declined',
          declineCode: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
      'payment_intent.payment_failed',
    );
    const response = await deliver(payload, provider().signWebhookPayload(payload));
    expect(response.status).toBe(200);
    const payment = await server.database.db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: intent.body.paymentIntentId },
    });
    expect(payment).toMatchObject({ failureCode: 'insufficient_funds', activatedAt: null });
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe(
      'pending_payment',
    );
  });
});

describe('revisit paid before it exists', () => {
  it('the card succeeds, then POST /api/cases/revisit with the payment creates the revisit already paid', async () => {
    const reviewed = await unpaidCase(vet.id, { status: 'reviewed' });
    const intent = await vetClient.post('/api/payment/create-payment-intent', {
      type: 'revisit',
      caseId: reviewed.uuid,
    });
    const paid = await payWithCard(intent.body.paymentIntentId, '4242424242424242');
    expect(paid.body).toMatchObject({ status: 'succeeded', activated: false });
    expect(
      (await vetClient.post('/api/payment/confirm-payment', { paymentIntentId: intent.body.paymentIntentId })).body,
    ).toMatchObject({ success: true });
    const payment = await server.database.db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: intent.body.paymentIntentId },
    });
    // Ready to be used by the revisit, not used yet.
    expect(payment).toMatchObject({ status: 'succeeded', activatedAt: null, type: 'revisit', totalAmount: 8475 });
    const revisit = await vetClient.post('/api/cases/revisit', {
      originalCaseUuid: reviewed.uuid,
      clinicalSigns: 'Coughing came back after two weeks',
      questions: 'Should we change the dose?',
      termsAccepted: true,
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(revisit.status).toBeLessThan(300);
    const created = await server.database.db.case.findFirstOrThrow({ where: { originalCaseId: reviewed.id } });
    expect(created).toMatchObject({
      status: 'pending',
      isPaid: true,
      stripePaymentIntentId: intent.body.paymentIntentId,
    });
  });
});

describe('GraphQL door', () => {
  it('createPaymentIntent, confirmTestCard, confirmPayment and paymentConfig', async () => {
    const kase = await unpaidCase();
    const config = await vetClient.gql('{ paymentConfig { provider publishableKey currency } }');
    expect(config.data.paymentConfig).toEqual({ provider: 'test', publishableKey: null, currency: 'cad' });
    const created = await vetClient.gql(
      `mutation ($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) {
        paymentIntentId clientSecret totalAmount taxRate province } }`,
      { input: { type: 'consultation', caseId: kase.uuid } },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data.createPaymentIntent.paymentIntentId as string;
    expect(created.data.createPaymentIntent).toMatchObject({ totalAmount: 16950, taxRate: 13, province: 'ON' });
    const declined = await vetClient.gql(
      `mutation ($input: TestCardInput!) { confirmTestCard(input: $input) { status error { code message } } }`,
      { input: { paymentIntentId: id, cardNumber: '4000000000000002', expMonth: 12, expYear: 2099, cvc: '123' } },
    );
    expect(declined.data.confirmTestCard.error).toEqual({
      code: 'card_declined',
      message: 'Your card was declined. Please try a different payment method or contact your bank.',
    });
    const paid = await vetClient.gql(
      `mutation ($input: TestCardInput!) { confirmTestCard(input: $input) { status error { code } } }`,
      { input: { paymentIntentId: id, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    );
    expect(paid.data.confirmTestCard).toEqual({ status: 'succeeded', error: null });
    const confirmed = await vetClient.gql(
      'mutation ($id: String!) { confirmPayment(paymentIntentId: $id) { success } }',
      { id },
    );
    expect(confirmed.data.confirmPayment.success).toBe(true);
  });

  it('payments are readable by the vet owner and the administrator only', async () => {
    const kase = await unpaidCase();
    await intentFor(kase);
    const query = 'query ($id: ID!) { casePayments(caseId: $id) { totalAmount } }';
    const other = await signedInClient(server.url, await createUser(server.database.db, { role: 'VETERINARIAN' }));
    const denied = await other.gql(query, { id: kase.uuid });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const admin = await signedInClient(server.url, await createUser(server.database.db, { role: 'ADMIN' }));
    const seen = await admin.gql(query, { id: kase.uuid });
    expect(seen.data.casePayments).toEqual([{ totalAmount: 16950 }]);
    const all = await admin.gql('{ payments { id userId } }');
    expect(all.data.payments.length).toBeGreaterThan(1);
    const own = await other.gql('{ payments { id } }');
    expect(own.data.payments).toEqual([]);
  });
});
