import { randomUUID } from 'node:crypto';
import {
  applyCouponSchema,
  CARD_ERROR_MESSAGES,
  COUPON_MESSAGES,
  cardErrorCode,
  cardErrorMessage,
  confirmPaymentSchema,
  createPaymentIntentSchema,
  FREE_CONSULTATION,
  PAYMENT_MESSAGES,
  type PaymentTypeValue,
  testCardSchema,
} from '@vetconsult/schema/payment';
import type { Actor } from '../../context';
import { type Payment, Prisma, type PromotionCode } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, DomainError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { NOT_AUTHORIZED_TO_REVISIT, REVISIT_NEEDS_REVIEWED } from '../cases/cases.rules';
import { type CasesService, caseWhere } from '../cases/cases.service';
import { assertCouponUsable, couponDisplayName, normalizeCouponCode } from './coupons';
import { changedTerms, type PricedTerms, paymentKind, pricedTermsOf, prospectiveRevisit } from './frozen-price';
import type { PaymentProvider, ProviderIntent } from './payment-provider';
import { WebhookSignatureError } from './payment-provider';
import { baseAmount, clinicCurrency, type Fees, feesFor, type PriceBreakdown, priceConsultation } from './pricing';
import { assertActivatable, createSettlement, FREE_PREFIX } from './settlement';
import type { TaxOptions } from './tax';

export { activateWithPayment, FREE_PREFIX } from './settlement';

// SPEC §7 "/api/payment/*", §4 "Consultation form client flow" and "Coupon": the payment use cases.
// An intent prices the case as it is and freezes what was priced (frozen-price.ts); activation, exactly
// once and verified against the case, is settlement.ts. Webhook event ids are recorded in the
// activation's transaction, so a replayed event is acknowledged and ignored.

const PLACEHOLDER_PREFIX = 'pending:';
const PAYMENT_NOT_FOUND = 'Payment not found';
const NOT_YOUR_CASE = 'You can only pay for your own cases';
const NOT_YOUR_PAYMENT = 'This payment does not belong to you';

export interface PaymentsServiceDeps {
  db: Db;
  logger: Logger;
  provider: PaymentProvider;
  fees: Fees;
  /** Publishes 'case.changed' after an activation commits (the cases module owns the event's shape). */
  cases: Pick<CasesService, 'caseActivated'>;
  tax?: TaxOptions;
  now?: () => Date;
}

export interface PaymentIntentView {
  clientSecret: string;
  paymentIntentId: string;
  /** The amount charged (cents) — equal to totalAmount. */
  amount: number;
  originalAmount: number;
  discountAmount: number;
  /** After discount, before tax. */
  subtotalAmount: number;
  taxAmount: number;
  /** Tax is added on top of the fee, never included in it. */
  taxIncluded: boolean;
  taxRate: number;
  totalAmount: number;
  currency: string;
  /** One line per tax charged ({ name, rate: percent, amount: cents }); empty where none applies. */
  taxLines: Array<{ name: string; rate: number; amount: number }>;
  isCanadian: boolean;
  province: string | null;
  /** Tax is computed here (tax.ts), not by Stripe Tax. */
  automaticTax: boolean;
  type: PaymentTypeValue;
  couponCode: string | null;
  couponName: string | null;
  free: boolean;
}

export interface TestCardResult {
  status: string;
  paymentIntentId: string;
  error?: { code: string; message: string };
  /** true when the case is now active (false for a revisit that is created after paying). */
  activated?: boolean;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, logger, provider, fees } = deps;
  const now = deps.now ?? (() => new Date());
  const { settle, recordEvent } = createSettlement({ db, logger, fees, cases: deps.cases, now });

  function requireVet(actor: Actor | null): Actor {
    if (!actor) throw unauthenticated();
    if (actor.role !== 'VETERINARIAN') throw forbidden('Only veterinarians can pay for consultations');
    return actor;
  }

  async function findCoupon(code: string): Promise<PromotionCode | null> {
    return db.promotionCode.findFirst({ where: { code: { equals: normalizeCouponCode(code), mode: 'insensitive' } } });
  }

  /** What a case is paid as: the server decides from the case, not from what the client says. */
  async function caseToPay(actor: Actor, ref: string | number, requested: PaymentTypeValue) {
    const kase = await db.case.findUnique({
      where: caseWhere(ref),
      include: { vet: { select: { clinicAddress: true } } },
    });
    if (!kase) throw notFound('Case not found');
    if (kase.vetId !== actor.id) throw forbidden(requested === 'revisit' ? NOT_AUTHORIZED_TO_REVISIT : NOT_YOUR_CASE);
    const currency = clinicCurrency(fees, kase.vet.clinicAddress);
    if (kase.status === 'pending_payment') {
      const terms = pricedTermsOf({ kase, currency });
      return { kase, terms, type: paymentKind(terms) };
    }
    // A revisit is paid before it exists: the payment names the reviewed case being reopened, and the
    // revisit created with it (POST /api/cases/revisit) is activated by it.
    if (requested === 'revisit') {
      if (kase.status !== 'reviewed') throw conflict(REVISIT_NEEDS_REVIEWED);
      const terms = pricedTermsOf({ kase: prospectiveRevisit(kase), currency });
      return { kase, terms, type: paymentKind(terms) };
    }
    if (kase.status === 'draft') throw conflict('Please continue to payment from the consultation form first');
    throw conflict('This case has already been paid');
  }

  function intentView(
    payment: Payment,
    price: PriceBreakdown,
    clientSecret: string,
    coupon: PromotionCode | null,
  ): PaymentIntentView {
    return {
      clientSecret,
      paymentIntentId: payment.providerPaymentIntentId,
      amount: price.totalAmount,
      originalAmount: price.originalAmount,
      discountAmount: price.discountAmount,
      subtotalAmount: price.subtotalAmount,
      taxAmount: price.taxAmount,
      taxIncluded: false,
      taxRate: price.taxRate,
      totalAmount: price.totalAmount,
      currency: price.currency,
      taxLines: price.taxComponents,
      isCanadian: price.isCanadian,
      province: price.province,
      automaticTax: false,
      type: payment.type,
      couponCode: coupon?.code ?? null,
      couponName: coupon ? couponDisplayName(coupon) : null,
      free: clientSecret === FREE_CONSULTATION,
    };
  }

  /** Cancels the case's other unpaid intents, so a superseded one can never be charged too. */
  async function cancelSuperseded(payments: Payment[]) {
    for (const stale of payments) {
      try {
        if (!stale.providerPaymentIntentId.startsWith(FREE_PREFIX))
          await provider.cancelIntent(stale.providerPaymentIntentId);
        await db.payment.updateMany({ where: { id: stale.id, activatedAt: null }, data: { status: 'canceled' } });
      } catch (error) {
        logger.warn({ err: error, paymentId: stale.id }, 'could not cancel a superseded payment intent');
      }
    }
  }

  /** The intent must be the one we recorded, for the amount and currency we asked. */
  function matchesRecord(payment: Payment, intent: ProviderIntent): boolean {
    return intent.amount === payment.totalAmount && intent.currency.toLowerCase() === payment.currency.toLowerCase();
  }

  async function ownPayment(actor: Actor | null, paymentIntentId: string): Promise<Payment> {
    const who = requireVet(actor);
    const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: paymentIntentId } });
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    if (payment.userId !== who.id) throw forbidden(NOT_YOUR_PAYMENT);
    return payment;
  }

  function failureOf(intent: ProviderIntent): DomainError {
    const error = intent.lastError;
    if (error) {
      const code = cardErrorCode(error.code, error.declineCode);
      return new DomainError('PAYMENT_FAILED', cardErrorMessage(error.code, error.message, error.declineCode), {
        paymentCode: code,
      });
    }
    if (intent.status === 'canceled') return new DomainError('PAYMENT_FAILED', 'This payment was canceled');
    if (intent.status === 'requires_action') {
      return new DomainError('PAYMENT_FAILED', CARD_ERROR_MESSAGES.authentication_required, {
        paymentCode: 'authentication_required',
      });
    }
    return new DomainError('PAYMENT_FAILED', 'Payment has not been completed');
  }

  const service = {
    provider,

    /** GET /api/payment/config: what the web client needs to show the right card form. */
    config() {
      return { provider: provider.name, publishableKey: provider.publishableKey, currency: fees.currency };
    },

    async createPaymentIntent(actor: Actor | null, raw: unknown): Promise<PaymentIntentView> {
      const who = requireVet(actor);
      const input = parseInput(createPaymentIntentSchema, raw);
      // The price is the case's as it is saved (formData is not read: the form saves the draft first).
      const { kase, type, terms } = await caseToPay(who, input.caseId, input.type);
      const specialty = kase.specialty;
      const nutritionComplex = terms.nutritionComplex;
      let coupon: PromotionCode | null = null;
      if (input.couponCode) {
        coupon = await findCoupon(input.couponCode);
        const base = baseAmount(feesFor(fees, terms.currency), { type, specialty, nutritionComplex });
        assertCouponUsable(coupon, base, terms.currency, now());
      }
      const price = priceConsultation(
        fees,
        { type, specialty, nutritionComplex, coupon, clinicAddress: kase.vet.clinicAddress },
        deps.tax,
      );

      const open = await db.payment.findMany({
        where: {
          caseId: kase.id,
          userId: who.id,
          activatedAt: null,
          status: { in: ['requires_payment_method', 'processing'] },
          NOT: { providerPaymentIntentId: { startsWith: PLACEHOLDER_PREFIX } },
        },
        orderBy: { id: 'desc' },
      });
      // A repeated request for the same price reuses its intent (a page reload, a double click).
      const same = open.find(
        (p) =>
          p.provider === provider.name &&
          p.type === type &&
          p.totalAmount === price.totalAmount &&
          p.promotionCodeId === (coupon?.id ?? null) &&
          p.originalAmount === price.originalAmount &&
          p.currency === price.currency &&
          changedTerms(p.pricedTerms, terms).length === 0,
      );
      if (same) {
        if (same.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
          await cancelSuperseded(open.filter((p) => p.id !== same.id));
          return intentView(same, price, FREE_CONSULTATION, coupon);
        }
        const intent = await provider.retrieveIntent(same.providerPaymentIntentId);
        if (intent?.clientSecret && intent.status === 'requires_payment_method' && matchesRecord(same, intent)) {
          await cancelSuperseded(open.filter((p) => p.id !== same.id));
          return intentView(same, price, intent.clientSecret, coupon);
        }
      }

      const record = {
        caseId: kase.id,
        userId: who.id,
        type,
        provider: provider.name,
        currency: price.currency,
        originalAmount: price.originalAmount,
        discountAmount: price.discountAmount,
        taxRate: price.taxRate,
        taxAmount: price.taxAmount,
        totalAmount: price.totalAmount,
        province: price.province,
        isCanadian: price.isCanadian,
        promotionCodeId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        pricedTerms: terms satisfies PricedTerms,
        taxLines: price.taxComponents,
      };
      let view: PaymentIntentView;
      if (price.totalAmount === 0) {
        // SPEC §4: a 100% discount needs no card; the confirm call activates the case.
        const payment = await db.payment.create({
          data: { ...record, providerPaymentIntentId: `${FREE_PREFIX}${randomUUID()}` },
        });
        view = intentView(payment, price, FREE_CONSULTATION, coupon);
      } else {
        const placeholder = await db.payment.create({
          data: { ...record, providerPaymentIntentId: `${PLACEHOLDER_PREFIX}${randomUUID()}` },
        });
        let intent: ProviderIntent;
        try {
          intent = await provider.createIntent({
            paymentRecordId: placeholder.id,
            amount: price.totalAmount,
            currency: price.currency,
            description: `${type === 'revisit' ? 'Case revisit' : 'Specialist consultation'} ${kase.uuid.slice(0, 8)}`,
            metadata: {
              caseId: String(kase.id),
              caseUuid: kase.uuid,
              type,
              paymentId: String(placeholder.id),
              userId: String(who.id),
            },
            idempotencyKey: `vetconsult-payment-${placeholder.id}`,
          });
        } catch (error) {
          await db.payment.delete({ where: { id: placeholder.id } }).catch(() => undefined);
          logger.error({ err: error, caseId: kase.id }, 'payment provider refused to create an intent');
          throw error;
        }
        const payment = await db.payment.update({
          where: { id: placeholder.id },
          data: { providerPaymentIntentId: intent.id },
        });
        view = intentView(payment, price, intent.clientSecret ?? '', coupon);
      }
      await cancelSuperseded(open);
      return view;
    },

    /** POST /api/payment/apply-coupon: checks a code and says what it saves on the fee. */
    async applyCoupon(
      actor: Actor | null,
      raw: unknown,
    ): Promise<{ discountAmount: number; couponName: string; couponCode: string }> {
      const who = requireVet(actor);
      const input = parseInput(applyCouponSchema, raw);
      let type = input.paymentType;
      let specialty: string | null = null;
      let nutritionComplex = false;
      if (input.caseId !== undefined) {
        const paid = await caseToPay(who, input.caseId, type);
        type = paid.type;
        specialty = paid.kase.specialty;
        nutritionComplex = type === 'consultation' && paid.kase.nutritionComplex;
      }
      const coupon = await findCoupon(input.couponCode);
      const clinic = await db.user.findUnique({ where: { id: who.id }, select: { clinicAddress: true } });
      const clinicAddress = clinic?.clinicAddress ?? null;
      const currency = clinicCurrency(fees, clinicAddress);
      const base = baseAmount(feesFor(fees, currency), { type, specialty, nutritionComplex });
      assertCouponUsable(coupon, base, currency, now());
      if (!coupon) throw badInput(COUPON_MESSAGES.invalid, 'couponCode');
      const price = priceConsultation(fees, { type, specialty, nutritionComplex, coupon, clinicAddress });
      return { discountAmount: price.discountAmount, couponName: couponDisplayName(coupon), couponCode: coupon.code };
    },

    /**
     * POST /api/payment/confirm-payment: after the card step, verifies with the provider that the intent
     * succeeded and activates the case (idempotent: a second call answers success again).
     */
    async confirmPayment(
      actor: Actor | null,
      raw: unknown,
    ): Promise<{ success: boolean; message?: string; caseUuid?: string }> {
      const { paymentIntentId } = parseInput(confirmPaymentSchema, raw);
      const payment = await ownPayment(actor, paymentIntentId);
      if (payment.activatedAt) return { success: true };
      if (!payment.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
        if (payment.status === 'canceled') throw new DomainError('PAYMENT_FAILED', 'This payment was canceled');
        const intent = await provider.retrieveIntent(payment.providerPaymentIntentId);
        if (!intent) throw notFound(PAYMENT_NOT_FOUND);
        if (!matchesRecord(payment, intent)) {
          logger.error({ paymentId: payment.id }, 'intent amount or currency differs from the payment record');
          throw badInput(PAYMENT_MESSAGES.confirmationBadRequest, 'paymentIntentId');
        }
        if (intent.status === 'processing') {
          throw conflict('Your payment is still processing. The consultation will be activated once it completes.');
        }
        if (intent.status !== 'succeeded') throw failureOf(intent);
      }
      const result = await settle(payment);
      if (result.outcome === 'refused') return { success: false, message: result.message };
      return { success: true, ...(result.outcome === 'activated' ? { caseUuid: result.kase.uuid } : {}) };
    },

    /**
     * POST /api/payment/test-provider/confirm: the built-in provider's card step. On success the case
     * is activated at once, as Stripe's webhook would do.
     */
    async confirmTestCard(actor: Actor | null, raw: unknown): Promise<TestCardResult> {
      if (!provider.confirmCard) throw notFound('The test payment provider is not active');
      const input = parseInput(testCardSchema, raw);
      const payment = await ownPayment(actor, input.paymentIntentId);
      if (payment.providerPaymentIntentId.startsWith(FREE_PREFIX)) {
        throw badInput('This consultation is free: no card is needed', 'paymentIntentId');
      }
      // Refuse before charging when the case changed since it was priced (the intent is then void).
      await assertActivatable(db, payment, fees).catch(async (error) => {
        if (payment.activatedAt === null) await cancelSuperseded([payment]);
        throw error;
      });
      const intent = await provider.confirmCard(payment.providerPaymentIntentId, input, now());
      if (intent.status !== 'succeeded') {
        const error = intent.lastError;
        const code = cardErrorCode(error?.code, error?.declineCode) ?? 'card_declined';
        return {
          status: intent.status,
          paymentIntentId: intent.id,
          error: { code, message: cardErrorMessage(error?.code, error?.message, error?.declineCode) },
        };
      }
      const fresh = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      const result = await settle(fresh);
      // A revisit paid before it exists is activated later, by POST /api/cases/revisit.
      const activated = result.outcome === 'activated' || result.outcome === 'already_activated';
      return { status: intent.status, paymentIntentId: intent.id, activated };
    },

    /**
     * POST /api/payment/webhook. Throws BAD_USER_INPUT (400) on a bad signature, before anything is
     * read or written. A replayed event is acknowledged and changes nothing.
     */
    async handleWebhook(rawBody: Buffer | string, signature: string | undefined) {
      let event: ReturnType<PaymentProvider['parseWebhookEvent']>;
      try {
        event = provider.parseWebhookEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badInput(error.message, 'stripe-signature');
        throw error;
      }
      const seen = await db.webhookEvent.findUnique({ where: { id: event.id } });
      if (seen) return { received: true, duplicate: true };
      const record = { id: event.id, type: event.type };
      if (!event.intent) {
        await recordEvent(record);
        return { received: true, duplicate: false };
      }
      const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: event.intent.id } });
      if (!payment) {
        // Not one of ours (another integration on the same account): acknowledge so it is not resent.
        logger.warn({ eventId: event.id, intentId: event.intent.id }, 'webhook for an unknown payment intent');
        await recordEvent(record);
        return { received: true, duplicate: false };
      }
      try {
        if (event.type === 'payment_intent.succeeded') {
          if (!matchesRecord(payment, event.intent)) {
            logger.error(
              { paymentId: payment.id, eventId: event.id },
              'succeeded intent differs from the payment record',
            );
            await recordEvent(record);
            return { received: true, duplicate: false };
          }
          await settle(payment, record);
        } else {
          const error = event.intent.lastError;
          await db.$transaction(async (tx) => {
            await tx.webhookEvent.create({ data: record });
            // A late failure event never overwrites a payment that has already succeeded.
            await tx.payment.updateMany({
              where: { id: payment.id, activatedAt: null, status: { not: 'succeeded' } },
              data: {
                status: 'requires_payment_method',
                failureCode: cardErrorCode(error?.code, error?.declineCode),
                failureMessage: error?.message ?? null,
              },
            });
          });
        }
      } catch (error) {
        // The same event delivered twice at once: the other delivery recorded it first.
        if (isUniqueViolation(error)) return { received: true, duplicate: true };
        throw error;
      }
      return { received: true, duplicate: false };
    },

    /**
     * Prisma arguments of a payment list: a case's payments (its veterinarian, the administrator), or
     * every payment (administrator) / one's own (veterinarian) without a case.
     */
    async listArgs(actor: Actor | null, caseRef?: string | number | null) {
      if (!actor) throw unauthenticated();
      const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
      // Placeholders exist only while an intent is being created.
      const real: Prisma.PaymentWhereInput = { NOT: { providerPaymentIntentId: { startsWith: PLACEHOLDER_PREFIX } } };
      if (caseRef !== undefined && caseRef !== null) {
        const kase = await db.case.findUnique({ where: caseWhere(caseRef), select: { id: true, vetId: true } });
        if (!kase) throw notFound('Case not found');
        if (actor.role !== 'ADMIN' && kase.vetId !== actor.id) {
          throw forbidden('You do not have permission to view these payments');
        }
        return { where: { AND: [real, { caseId: kase.id }] }, orderBy };
      }
      if (actor.role === 'ADMIN') return { where: real, orderBy };
      if (actor.role === 'VETERINARIAN') return { where: { AND: [real, { userId: actor.id }] }, orderBy };
      throw forbidden('You do not have permission to view payments');
    },

    async listPayments(actor: Actor | null, caseRef?: string | number | null): Promise<Payment[]> {
      return db.payment.findMany(await service.listArgs(actor, caseRef));
    },

    /** Creates, at the provider, the promotion codes that exist only here (administrator or startup). */
    async syncPromotionCodes(actor: Actor | null | 'system') {
      if (actor !== 'system' && actor?.role !== 'ADMIN') throw forbidden();
      const pending = await db.promotionCode.findMany({
        where: {
          stripePromotionCodeId: null,
          active: true,
          OR: [{ expiresAt: null }, { expiresAt: { gt: now() } }],
        },
        orderBy: { id: 'asc' },
      });
      let synced = 0;
      for (const code of pending) {
        const ids = await provider.syncPromotionCode(code);
        if (!ids) continue;
        await db.promotionCode.update({ where: { id: code.id }, data: ids });
        synced++;
      }
      return { synced };
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
