import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { fieldsOnly } from '../src/domain/cases/files';
import { priceConsultation } from '../src/domain/payments/pricing';
import type { createTestProvider } from '../src/domain/payments/test-provider';
import type { Case, PromotionCode, User } from '../src/generated/prisma/client';
import { DomainError } from '../src/lib/errors';
import { consultFields } from './cases.fixtures';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 21 acceptance: random sequences of draft edits, intent creation, submits, card payments,
// confirm calls, webhooks, coupons and revisits, run against the real services and database, never
// activate a case for other than its price, never move a paid case, never pass a coupon's limit.
// Domain refusals are expected; anything else (a 500) fails the property.

const FEES = { consultFeeCents: 15000, revisitFeeCents: 7500, currency: 'cad' };
let server: TestServer;
let vet: User;
let actor: Actor;
let specialists: User[];

beforeAll(async () => {
  server = await startTestServer({ stripe: undefined, prices: FEES });
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' }); // Ontario
  actor = { id: vet.id, role: 'VETERINARIAN', approved: true, specialty: null, sessionId: 'property' };
  specialists = [
    await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' }),
    await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Cardiology' }),
    await createUser(db, { role: 'SPECIALIST', approved: true, specialty: 'Nutrition' }),
  ];
});
afterAll(() => server.close());

/** What a consult asks for: the priced facts an edit or a submit can change. */
const choice = fc.record({
  specialist: fc.integer({ min: 0, max: 2 }),
  complex: fc.boolean(),
  patient: fc.constantFrom('Biscuit', 'Luna'),
});
type Choice = typeof choice extends fc.Arbitrary<infer T> ? T : never;

const ref = fc.nat(5);
const step = fc.oneof(
  fc.record({ kind: fc.constant('draft' as const), choice }),
  fc.record({ kind: fc.constant('submitNew' as const), choice }),
  fc.record({ kind: fc.constant('submit' as const), target: ref, choice, withPayment: fc.option(ref) }),
  fc.record({ kind: fc.constant('edit' as const), target: ref, choice }),
  fc.record({ kind: fc.constant('intent' as const), target: ref, coupon: fc.option(fc.nat(1)) }),
  fc.record({ kind: fc.constant('card' as const), payment: ref }),
  fc.record({ kind: fc.constant('confirm' as const), payment: ref }),
  fc.record({ kind: fc.constant('webhook' as const), payment: ref }),
  fc.record({ kind: fc.constant('revisitIntent' as const) }),
  fc.record({
    kind: fc.constant('revisit' as const),
    specialist: fc.integer({ min: 0, max: 2 }),
    withPayment: fc.option(ref),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function fieldsOf(c: Choice) {
  const specialist = specialists[c.specialist] as User;
  return consultFields(specialist.id, {
    specialty: specialist.specialty ?? 'Cardiology',
    nutritionComplex: String(c.complex),
    patientName: c.patient,
  });
}

interface World {
  cases: Case[];
  intents: string[];
  coupons: PromotionCode[];
  original: Case;
}

const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** Runs one step; a domain refusal is an acceptable answer, anything else is thrown. */
async function run(world: World, s: Step) {
  const { cases, payments, drafts } = server.services;
  const db = server.database.db;
  const provider = payments.provider as ReturnType<typeof createTestProvider>;
  try {
    switch (s.kind) {
      case 'draft': {
        const draft = await drafts.createDraft(actor, fieldsOf(s.choice));
        world.cases.push(await drafts.startPayment(actor, draft.uuid));
        return;
      }
      case 'submitNew': {
        const kase = await cases.submitConsult(actor, fieldsOnly(fieldsOf(s.choice)));
        world.cases.push(kase);
        return;
      }
      case 'submit': {
        const target = pick(world.cases, s.target);
        const paymentIntentId = s.withPayment === null ? undefined : pick(world.intents, s.withPayment);
        await cases.submitConsult(
          actor,
          fieldsOnly({ ...fieldsOf(s.choice), caseId: target?.uuid ?? '', paymentIntentId: paymentIntentId ?? '' }),
        );
        return;
      }
      case 'edit': {
        // An unpaid case edited after its intent (the journeys branch makes pending_payment editable).
        const target = pick(world.cases, s.target);
        if (!target) return;
        const specialist = specialists[s.choice.specialist] as User;
        await db.case.updateMany({
          where: { id: target.id, status: 'pending_payment' },
          data: {
            specialty: specialist.specialty,
            specialistId: specialist.id,
            nutritionComplex: s.choice.complex,
            patientName: s.choice.patient,
            version: { increment: 1 },
          },
        });
        return;
      }
      case 'intent': {
        const target = pick(world.cases, s.target);
        if (!target) return;
        const coupon = s.coupon === null ? undefined : world.coupons[s.coupon]?.code;
        const view = await payments.createPaymentIntent(actor, {
          type: 'consultation',
          caseId: target.uuid,
          ...(coupon ? { couponCode: coupon } : {}),
        });
        world.intents.push(view.paymentIntentId);
        return;
      }
      case 'revisitIntent': {
        const view = await payments.createPaymentIntent(actor, { type: 'revisit', caseId: world.original.uuid });
        world.intents.push(view.paymentIntentId);
        return;
      }
      case 'revisit': {
        const paymentIntentId = s.withPayment === null ? undefined : pick(world.intents, s.withPayment);
        const revisit = await cases.createRevisit(
          actor,
          fieldsOnly({
            originalCaseUuid: world.original.uuid,
            specialistId: (specialists[s.specialist] as User).id,
            clinicalSigns: 'Cough is back after two weeks',
            questions: 'Should we change the dose?',
            termsAccepted: true,
            ...(paymentIntentId ? { paymentIntentId } : {}),
          }),
        );
        world.cases.push(revisit);
        return;
      }
      case 'card': {
        const id = pick(world.intents, s.payment);
        if (!id || id.startsWith('free_consultation')) return;
        await payments.confirmTestCard(actor, {
          paymentIntentId: id,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
        });
        return;
      }
      case 'confirm': {
        const id = pick(world.intents, s.payment);
        if (id) await payments.confirmPayment(actor, { paymentIntentId: id });
        return;
      }
      case 'webhook': {
        // The card succeeds at the provider without the service hearing of it (as when Stripe.js confirms).
        const id = pick(world.intents, s.payment);
        if (!id || id.startsWith('free_consultation')) return;
        const record = await db.payment.findUnique({ where: { providerPaymentIntentId: id } });
        if (!record || record.status === 'canceled') return;
        await db.payment.update({ where: { id: record.id }, data: { status: 'succeeded' } });
        const intent = await provider.retrieveIntent(id);
        if (!intent) return;
        const payload = provider.eventFor({ ...intent, status: 'succeeded' }, 'payment_intent.succeeded');
        await payments.handleWebhook(payload, provider.signWebhookPayload(payload));
        return;
      }
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

/** The three invariants, over every case and coupon of this run. */
async function check(world: World, paidSnapshots: Map<number, string>) {
  const db = server.database.db;
  const ids = world.cases.map((c) => c.id);
  const rows = await db.case.findMany({ where: { id: { in: ids } } });
  for (const kase of rows) {
    if (kase.status === 'draft' || kase.status === 'pending_payment') continue;
    const payment = await db.payment.findUniqueOrThrow({
      where: { providerPaymentIntentId: kase.stripePaymentIntentId ?? '' },
      include: { promotionCode: true },
    });
    // Paid exactly the price of the case as it is, with the coupon the payment carried.
    const price = priceConsultation(FEES, {
      type: kase.originalCaseId !== null ? 'revisit' : 'consultation',
      specialty: kase.specialty,
      nutritionComplex: kase.nutritionComplex,
      coupon: payment.promotionCode,
      clinicAddress: vet.clinicAddress,
    });
    expect(kase.paymentAmount, `case ${kase.id} paid`).toBe(price.totalAmount);
    expect(payment.caseId).toBe(kase.id);
    // A paid case never moves.
    const facts = JSON.stringify([kase.specialty, kase.specialistId, kase.nutritionComplex, kase.patientName]);
    const seen = paidSnapshots.get(kase.id);
    if (seen) expect(facts, `paid case ${kase.id} moved`).toBe(seen);
    else paidSnapshots.set(kase.id, facts);
  }
  for (const coupon of world.coupons) {
    const row = await db.promotionCode.findUniqueOrThrow({ where: { id: coupon.id } });
    const used = await db.payment.count({ where: { promotionCodeId: coupon.id, activatedAt: { not: null } } });
    expect(row.timesRedeemed).toBe(used);
    expect(row.timesRedeemed).toBeLessThanOrEqual(row.maxRedemptions ?? Number.POSITIVE_INFINITY);
  }
}

describe('pricing properties (real services and database)', () => {
  it('random journeys never activate a wrong price, move a paid case or pass a coupon limit', async () => {
    let run_ = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        run_++;
        const db = server.database.db;
        const coupons = [
          await db.promotionCode.create({
            data: { code: `PFREE${run_}X${Date.now()}`, percentOff: 100, maxRedemptions: 1 },
          }),
          await db.promotionCode.create({
            data: { code: `PTEN${run_}X${Date.now()}`, percentOff: 10, maxRedemptions: 2 },
          }),
        ];
        const original = await db.case.create({
          data: {
            vetId: vet.id,
            specialistId: (specialists[0] as User).id,
            status: 'reviewed',
            specialty: 'Cardiology',
            patientName: 'Rex',
            familyLastName: 'Martin',
            species: 'Canine',
            termsAccepted: true,
            isPaid: true,
          },
        });
        const world: World = { cases: [], intents: [], coupons, original };
        const paidSnapshots = new Map<number, string>();
        for (const s of steps) {
          await run(world, s);
          // Revisits created by settlement are found through their original.
          const revisits = await db.case.findMany({ where: { originalCaseId: original.id } });
          for (const r of revisits) if (!world.cases.some((c) => c.id === r.id)) world.cases.push(r);
          await check(world, paidSnapshots);
        }
      }),
      { numRuns: 25, seed: Number(process.env.PROPERTY_SEED ?? 2111), endOnFailure: true },
    );
  }, 120_000);
});
