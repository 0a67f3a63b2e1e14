import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '../src/generated/prisma/client';
import { consultFields, multipart } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 21 items 1, 2, 5 and 10(a), issue 22 item 7 (server): a case is what was paid for, coupon
// limits hold under concurrency, relations obey the read rule, and money is priced in the clinic's
// currency. Each reproduction of the issue is replayed through every door that has it.

let server: TestServer;
let vet: User;
let vetClient: TestClient;
let cardiologist: User;
let otherCardiologist: User;
let nutritionist: User;

beforeAll(async () => {
  server = await startTestServer({
    stripe: undefined,
    prices: { consultFeeCents: 15000, revisitFeeCents: 7500, currency: 'cad' },
  });
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' }); // Toronto, ON: 13% HST
  vetClient = await signedInClient(server.url, vet);
  cardiologist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' });
  otherCardiologist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' });
  nutritionist = await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Nutrition' });
});
afterAll(() => server.close());

const db = () => server.database.db;
const fresh = (id: number) => db().case.findUniqueOrThrow({ where: { id } });

/** POST /api/cases without a payment: the case waits for payment. */
async function submitRest(fields: Record<string, string>, client = vetClient) {
  return client.post('/api/cases', multipart(fields));
}

const SUBMIT = `mutation ($input: ConsultInput!, $caseId: String, $paymentIntentId: String) {
  submitConsult(input: $input, caseId: $caseId, paymentIntentId: $paymentIntentId) { uuid status specialty specialistId nutritionComplex }
}`;

/** The GraphQL ConsultInput of the fixture's fields (numbers and booleans typed). */
function gqlInput(fields: Record<string, string>) {
  const { age, specificSpecialistId, termsAccepted, nutritionComplex, specialistResponses, ...text } = fields;
  return {
    ...text,
    age: Number(age),
    specificSpecialistId: Number(specificSpecialistId),
    termsAccepted: termsAccepted === 'true',
    ...(nutritionComplex !== undefined ? { nutritionComplex: nutritionComplex === 'true' } : {}),
    ...(specialistResponses ? { specialistResponses: JSON.parse(specialistResponses) } : {}),
  };
}

async function awaitingPayment(fields: Record<string, string>): Promise<Case> {
  const response = await submitRest(fields);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return db().case.findUniqueOrThrow({ where: { uuid: response.body.uuid } });
}

async function intent(caseUuid: string, extra: Record<string, unknown> = {}, client = vetClient) {
  return client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: caseUuid, ...extra });
}

async function payCard(paymentIntentId: string, client = vetClient) {
  return client.post('/api/payment/test-provider/confirm', {
    paymentIntentId,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
}

/** A consult paid the normal way: submitted, priced, paid by card. */
async function paidCase(fields: Record<string, string>) {
  const kase = await awaitingPayment(fields);
  const priced = await intent(kase.uuid);
  expect(priced.status).toBe(200);
  const paid = await payCard(priced.body.paymentIntentId);
  expect(paid.body).toMatchObject({ status: 'succeeded', activated: true });
  return { kase: await fresh(kase.id), paymentIntentId: priced.body.paymentIntentId as string };
}

const nutritionFields = (overrides: Record<string, string> = {}) =>
  consultFields(nutritionist.id, { specialty: 'Nutrition', nutritionComplex: 'false', ...overrides });

/** The invariant of item 1: an active case was paid exactly its price (Ontario: +13%). */
function expectPaidItsPrice(kase: Case) {
  if (kase.status === 'draft' || kase.status === 'pending_payment') return;
  const base = 15000 + (kase.specialty === 'Nutrition' && kase.nutritionComplex ? 7500 : 0);
  expect(kase.paymentAmount).toBe(Math.round(base * 1.13));
}

describe('item 1: a case is what was paid for', () => {
  for (const door of ['rest', 'graphql'] as const) {
    it(`(a) ${door}: adding the complex formulation after the intent does not activate at the old price`, async () => {
      const kase = await awaitingPayment(nutritionFields());
      const priced = await intent(kase.uuid);
      expect(priced.body.totalAmount).toBe(16950);
      const complex = nutritionFields({ nutritionComplex: 'true' });
      if (door === 'rest') {
        await submitRest({ ...complex, caseId: kase.uuid, paymentIntentId: priced.body.paymentIntentId });
      } else {
        await vetClient.gql(SUBMIT, {
          input: gqlInput(complex),
          caseId: kase.uuid,
          paymentIntentId: priced.body.paymentIntentId,
        });
      }
      await payCard(priced.body.paymentIntentId);
      await vetClient.post('/api/payment/confirm-payment', { paymentIntentId: priced.body.paymentIntentId });
      const after = await fresh(kase.id);
      expectPaidItsPrice(after);
      // The old intent never activates it; a new intent prices the case as it is now.
      expect(after).toMatchObject({ status: 'pending_payment', nutritionComplex: true, isPaid: false });
      const repriced = await intent(kase.uuid);
      expect(repriced.body.totalAmount).toBe(25425);
      await payCard(repriced.body.paymentIntentId);
      expect(await fresh(kase.id)).toMatchObject({ status: 'pending', paymentAmount: 25425 });
    });

    it(`(b) ${door}: a paid case is not moved to another specialty or specialist`, async () => {
      const { kase, paymentIntentId } = await paidCase(consultFields(cardiologist.id));
      const moved = nutritionFields({ nutritionComplex: 'true' });
      let status: number | string;
      if (door === 'rest') {
        status = (await submitRest({ ...moved, caseId: kase.uuid, paymentIntentId })).status;
      } else {
        const result = await vetClient.gql(SUBMIT, { input: gqlInput(moved), caseId: kase.uuid, paymentIntentId });
        status = result.errors?.[0]?.extensions?.code ?? 'ok';
      }
      expect(status).toBe(door === 'rest' ? 409 : 'CONFLICT');
      const after = await fresh(kase.id);
      expect(after).toMatchObject({ specialty: 'Cardiology', specialistId: cardiologist.id, status: 'pending' });
      expectPaidItsPrice(after);
      // Also without naming the payment: the case stays where it was paid.
      const other = consultFields(otherCardiologist.id);
      const again = await submitRest({ ...other, caseId: kase.uuid });
      expect(again.status).toBe(409);
      expect((await fresh(kase.id)).specialistId).toBe(cardiologist.id);
    });

    it(`(c) ${door}: a revisit cannot become a new patient's complex Nutrition consult at the revisit price`, async () => {
      const original = await db().case.create({
        data: {
          vetId: vet.id,
          specialistId: cardiologist.id,
          status: 'reviewed',
          specialty: 'Cardiology',
          patientName: 'Rex',
          familyLastName: 'Martin',
          species: 'Canine',
          termsAccepted: true,
          isPaid: true,
          summary: 'Mild mitral regurgitation.',
        },
      });
      const created = await vetClient.post('/api/cases/revisit', {
        originalCaseUuid: original.uuid,
        clinicalSigns: 'Cough is back after two weeks',
        questions: 'Should we change the dose?',
        termsAccepted: true,
      });
      expect(created.status).toBeLessThan(300);
      const revisit = await db().case.findFirstOrThrow({ where: { originalCaseId: original.id } });
      const priced = await intent(revisit.uuid);
      expect(priced.body).toMatchObject({ type: 'revisit', totalAmount: 8475 });
      const newPatient = nutritionFields({ nutritionComplex: 'true', patientName: 'Whiskers', species: 'Feline' });
      let status: number | string;
      if (door === 'rest') {
        const response = await submitRest({
          ...newPatient,
          caseId: revisit.uuid,
          paymentIntentId: priced.body.paymentIntentId,
        });
        status = response.status;
      } else {
        const result = await vetClient.gql(SUBMIT, {
          input: gqlInput(newPatient),
          caseId: revisit.uuid,
          paymentIntentId: priced.body.paymentIntentId,
        });
        status = result.errors?.[0]?.extensions?.code ?? 'ok';
      }
      expect(status).toBe(door === 'rest' ? 409 : 'CONFLICT');
      await payCard(priced.body.paymentIntentId);
      const after = await fresh(revisit.id);
      expect(after).toMatchObject({
        patientName: 'Rex',
        specialty: 'Cardiology',
        nutritionComplex: false,
        originalCaseId: original.id,
      });
    });

    it(`(d) ${door}: specialty is one of the known values, and the specialist holds it`, async () => {
      const zeroWidth = nutritionFields({ specialty: 'Nutrition\u200b', nutritionComplex: 'true' });
      const wrongSpecialist = consultFields(cardiologist.id, { specialty: 'Nutrition', nutritionComplex: 'true' });
      const before = await db().case.count({ where: { vetId: vet.id } });
      for (const fields of [zeroWidth, wrongSpecialist]) {
        if (door === 'rest') {
          const response = await submitRest(fields);
          expect(response.status).toBe(400);
          expect(response.body.message).toMatch(/Please select a (specialty|specialist)/);
        } else {
          const result = await vetClient.gql(SUBMIT, { input: gqlInput(fields) });
          expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        }
      }
      expect(await db().case.count({ where: { vetId: vet.id } })).toBe(before);
    });

    it(`(e) ${door}: a used paymentIntentId never rewrites or moves its case`, async () => {
      const { kase, paymentIntentId } = await paidCase(consultFields(cardiologist.id));
      const other = await awaitingPayment(consultFields(otherCardiologist.id, { patientName: 'Luna' }));
      const intruder = consultFields(otherCardiologist.id, { patientName: 'Luna' });
      for (const caseId of [undefined, other.uuid]) {
        if (door === 'rest') {
          const response = await submitRest({ ...intruder, ...(caseId ? { caseId } : {}), paymentIntentId });
          expect(response.status).toBe(409);
        } else {
          const result = await vetClient.gql(SUBMIT, { input: gqlInput(intruder), caseId, paymentIntentId });
          expect(result.errors?.[0]?.extensions?.code).toBe('CONFLICT');
        }
      }
      expect(await fresh(kase.id)).toMatchObject({
        patientName: 'Biscuit',
        specialistId: cardiologist.id,
        stripePaymentIntentId: paymentIntentId,
      });
      expect(await fresh(other.id)).toMatchObject({ status: 'pending_payment', isPaid: false });
      const payment = await db().payment.findUniqueOrThrow({ where: { providerPaymentIntentId: paymentIntentId } });
      expect(payment.caseId).toBe(kase.id);
    });
  }

  it('the finishing submit after payment (the web flow) still succeeds and attaches its files', async () => {
    const { kase, paymentIntentId } = await paidCase(consultFields(cardiologist.id));
    const form = multipart({ ...consultFields(cardiologist.id), caseId: kase.uuid, paymentIntentId }, [
      { name: 'notes.txt', bytes: Buffer.from('Heart rate 180 bpm, murmur grade 3/6'), type: 'text/plain' },
    ]);
    const response = await vetClient.post('/api/cases', form);
    expect(response.status).toBeLessThan(300);
    expect(response.body).toMatchObject({ uuid: kase.uuid, status: 'pending' });
    expect(await db().caseFile.count({ where: { caseId: kase.id } })).toBe(1);
  });
});

describe('item 2: coupon redemption limit', () => {
  it('101 concurrent activations of a limit-100 coupon activate exactly 100', async () => {
    const code = await db().promotionCode.create({
      data: { code: `FREE${Date.now()}`, percentOff: 100, maxRedemptions: 100, currency: 'cad' },
    });
    const cases = await Promise.all(
      Array.from({ length: 101 }, () =>
        db().case.create({
          data: {
            vetId: vet.id,
            specialistId: cardiologist.id,
            status: 'pending_payment',
            specialty: 'Cardiology',
            patientName: 'Rex',
            familyLastName: 'Smith',
            species: 'Canine',
            termsAccepted: true,
          },
        }),
      ),
    );
    const intents: string[] = [];
    for (const kase of cases) {
      const response = await intent(kase.uuid, { couponCode: code.code });
      expect(response.body.clientSecret).toBe('free_consultation');
      intents.push(response.body.paymentIntentId);
    }
    const results = await Promise.all(
      intents.map((paymentIntentId) => vetClient.post('/api/payment/confirm-payment', { paymentIntentId })),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const activated = await db().case.count({ where: { id: { in: cases.map((c) => c.id) }, status: 'pending' } });
    expect(activated).toBe(100);
    expect((await db().promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(100);
    const refused = results.filter((r) => r.body.success !== true);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.message).toBe('This coupon has reached its redemption limit');
  }, 60_000);
});

describe('activation by webhook: the same verification, and what is owed back', () => {
  const provider = () =>
    server.services.payments.provider as ReturnType<
      typeof import('../src/domain/payments/test-provider').createTestProvider
    >;

  /** The card succeeds at the provider without the service hearing of it; then the signed event arrives. */
  async function succeedByWebhook(paymentIntentId: string) {
    await db().payment.update({ where: { providerPaymentIntentId: paymentIntentId }, data: { status: 'succeeded' } });
    const retrieved = await provider().retrieveIntent(paymentIntentId);
    if (!retrieved) throw new Error('intent not found');
    const payload = provider().eventFor({ ...retrieved, status: 'succeeded' }, 'payment_intent.succeeded');
    return fetch(`${server.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': provider().signWebhookPayload(payload) },
      body: payload,
    });
  }

  it('an unpaid case edited after its intent is not activated by the webhook; the captured amount is due back', async () => {
    const kase = await awaitingPayment(consultFields(cardiologist.id));
    const priced = await intent(kase.uuid);
    // The unpaid case is edited after its price was set (drafts keep pending_payment editable).
    await db().case.update({
      where: { id: kase.id },
      data: {
        specialty: 'Nutrition',
        specialistId: nutritionist.id,
        nutritionComplex: true,
        version: { increment: 1 },
      },
    });
    const response = await succeedByWebhook(priced.body.paymentIntentId);
    expect(response.status).toBe(200);
    expect(await fresh(kase.id)).toMatchObject({ status: 'pending_payment', isPaid: false });
    const payment = await db().payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: priced.body.paymentIntentId },
    });
    expect(payment).toMatchObject({ activatedAt: null, refundDueAmount: 16950, failureCode: 'activation_failed' });
    expect(payment.refundReason).toContain('specialty');
    const listed = await vetClient.gql('query ($id: ID!) { casePayments(caseId: $id) { refundDueAmount } }', {
      id: kase.uuid,
    });
    expect(listed.data.casePayments).toEqual([{ refundDueAmount: 16950 }]);
  });

  it('a paid coupon past its limit: the second activation is refused and its payment is due back', async () => {
    const code = await db().promotionCode.create({
      data: { code: `ONCE${Date.now()}`, percentOff: 10, maxRedemptions: 1, currency: 'cad' },
    });
    const first = await awaitingPayment(consultFields(cardiologist.id));
    const second = await awaitingPayment(consultFields(cardiologist.id));
    const a = await intent(first.uuid, { couponCode: code.code });
    const b = await intent(second.uuid, { couponCode: code.code });
    await succeedByWebhook(a.body.paymentIntentId);
    await succeedByWebhook(b.body.paymentIntentId);
    expect((await fresh(first.id)).status).toBe('pending');
    expect((await fresh(second.id)).status).toBe('pending_payment');
    const refused = await db().payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: b.body.paymentIntentId },
    });
    expect(refused).toMatchObject({ refundDueAmount: 15255, refundReason: 'coupon redemption limit reached' });
    const confirm = await vetClient.post('/api/payment/confirm-payment', { paymentIntentId: b.body.paymentIntentId });
    expect(confirm.body).toEqual({ success: false, message: 'This coupon has reached its redemption limit' });
    expect((await db().promotionCode.findUniqueOrThrow({ where: { id: code.id } })).timesRedeemed).toBe(1);
  });
});

describe('item 5: relations obey the read rule', () => {
  it("a revisit's specialist does not read the original case through originalCase", async () => {
    const original = await db().case.create({
      data: {
        vetId: vet.id,
        specialistId: cardiologist.id,
        status: 'reviewed',
        specialty: 'Cardiology',
        patientName: 'Rex',
        familyLastName: 'Martin',
        species: 'Canine',
        contactEmail: 'secret-owner@example.com',
        clinicalSigns: 'Private clinical signs of the first visit',
        summary: 'Private summary',
        termsAccepted: true,
        isPaid: true,
      },
    });
    const created = await vetClient.post('/api/cases/revisit', {
      originalCaseUuid: original.uuid,
      specialistId: String(otherCardiologist.id),
      clinicalSigns: 'Cough is back after two weeks',
      questions: 'Should we change the dose?',
      termsAccepted: true,
    });
    expect(created.status).toBeLessThan(300);
    const revisit = await db().case.findFirstOrThrow({ where: { originalCaseId: original.id } });
    const priced = await intent(revisit.uuid);
    await payCard(priced.body.paymentIntentId);
    expect((await fresh(revisit.id)).status).toBe('pending');

    const specialistClient = await signedInClient(server.url, otherCardiologist);
    const direct = await specialistClient.get(`/api/cases/${original.uuid}`);
    expect(direct.status).toBe(403);
    const query = `query ($uuid: String!) { case(uuid: $uuid) { uuid originalCase { uuid summary clinicalSigns contactEmail } } }`;
    const seen = await specialistClient.gql(query, { uuid: revisit.uuid });
    expect(seen.data?.case?.uuid).toBe(revisit.uuid);
    expect(seen.data?.case?.originalCase ?? null).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('secret-owner@example.com');
    // The veterinarian, who may read both, still sees the original through the revisit.
    const own = await vetClient.gql(query, { uuid: revisit.uuid });
    expect(own.data.case.originalCase).toMatchObject({ uuid: original.uuid, summary: 'Private summary' });
    // A list reaches the same relation: the same rule applies there.
    const list = await specialistClient.gql('{ myCases { uuid originalCase { uuid contactEmail } } }');
    const listed = (list.data?.myCases ?? []).find((c: { uuid: string }) => c.uuid === revisit.uuid);
    expect(listed?.originalCase ?? null).toBeNull();
  });
});

describe('item 10(a): drafts refuse a specialist who cannot take the case', () => {
  it('an unapproved specialist, or one of another specialty, is refused at save (REST and GraphQL)', async () => {
    const pending = await createUser(db(), { role: 'SPECIALIST', approved: false, specialty: 'Cardiology' });
    const rest = await vetClient.post('/api/consults/drafts', {
      specialty: 'Cardiology',
      specificSpecialistId: pending.id,
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Please select a specialist');
    const save = `mutation ($input: ConsultInput!) { saveDraft(input: $input) { uuid } }`;
    const gql = await vetClient.gql(save, { input: { specialty: 'Cardiology', specificSpecialistId: pending.id } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const wrong = await vetClient.post('/api/consults/drafts', {
      specialty: 'Nutrition',
      specificSpecialistId: cardiologist.id,
    });
    expect(wrong.status).toBe(400);
    // The administrator can still reject the pending specialist: no draft refers to them.
    expect(await db().case.count({ where: { specialistId: pending.id } })).toBe(0);
  });
});

describe('issue 22 item 7: money in the clinic currency', () => {
  it('a US clinic pays in USD with no tax line; a Canadian one in CAD with its tax line', async () => {
    const seattle = await createUser(db(), {
      role: 'VETERINARIAN',
      clinicAddress: '1200 Harbor Ave SW, Seattle, WA 98126',
    });
    const usClient = await signedInClient(server.url, seattle);
    const usCase = await db().case.create({
      data: {
        vetId: seattle.id,
        specialistId: cardiologist.id,
        status: 'pending_payment',
        specialty: 'Cardiology',
        patientName: 'Rex',
        familyLastName: 'Smith',
        species: 'Canine',
        termsAccepted: true,
      },
    });
    const us = await intent(usCase.uuid, {}, usClient);
    expect(us.status).toBe(200);
    expect(us.body).toMatchObject({ currency: 'usd', taxAmount: 0, taxLines: [], totalAmount: 15000, province: 'WA' });
    const gql = await usClient.gql(
      `mutation ($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { currency taxLines { name rate amount } } }`,
      { input: { type: 'consultation', caseId: usCase.uuid } },
    );
    expect(gql.data?.createPaymentIntent).toEqual({ currency: 'usd', taxLines: [] });

    const ca = await awaitingPayment(consultFields(cardiologist.id));
    const canadian = await intent(ca.uuid);
    expect(canadian.body).toMatchObject({
      currency: 'cad',
      taxLines: [{ name: 'HST', rate: 13, amount: 1950 }],
      totalAmount: 16950,
    });

    // A fixed-amount coupon in CAD cannot be applied to a USD price.
    const cadOff = await db().promotionCode.create({
      data: { code: `CAD${Date.now()}`, amountOff: 2500, currency: 'cad' },
    });
    const refused = await intent(usCase.uuid, { couponCode: cadOff.code }, usClient);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This coupon can only be used for payments in CAD');
  });
});
