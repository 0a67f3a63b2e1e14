import type { ConfirmPaymentResult, TestCardResult } from '../../domain/payments/confirmation';
import type { PaymentIntentView } from '../../domain/payments/intents';
import type { AppliedCoupon } from '../../domain/payments/promotion-codes';
import { builder } from '../builder';
import { CaseUrgencyEnum } from './case';

// Payments over GraphQL: the same service calls as /api/payment/*. Amounts are integer cents.

const PaymentTypeEnum = builder.enumType('PaymentType', { values: ['consultation', 'revisit'] as const });
const PaymentStatusEnum = builder.enumType('PaymentStatus', {
  values: ['requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled'] as const,
});

interface TaxLine {
  name: string;
  rate: number;
  amount: number;
}

const TaxLineType = builder.objectRef<TaxLine>('TaxLine').implement({
  description: 'One tax charged (GST, HST, PST, RST, QST or a configured sales tax).',
  fields: (t) => ({
    name: t.exposeString('name'),
    rate: t.exposeFloat('rate', { description: 'Percent, e.g. 13 or 9.975' }),
    amount: t.exposeInt('amount', { description: 'Cents' }),
  }),
});

/** Tax lines stored on a payment (JSON); none where no tax applies. */
const storedTaxLines = (value: unknown): TaxLine[] => (Array.isArray(value) ? (value as TaxLine[]) : []);

/** A payment record: readable by the veterinarian who paid and by the administrator. */
builder.prismaObject('Payment', {
  authScopes: (payment, ctx) => ctx.actor !== null && (ctx.actor.role === 'ADMIN' || ctx.actor.id === payment.userId),
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.expose('type', { type: PaymentTypeEnum }),
    provider: t.exposeString('provider'),
    paymentIntentId: t.exposeString('providerPaymentIntentId'),
    status: t.expose('status', { type: PaymentStatusEnum }),
    currency: t.exposeString('currency'),
    originalAmount: t.exposeInt('originalAmount'),
    discountAmount: t.exposeInt('discountAmount'),
    taxRate: t.exposeFloat('taxRate', { description: 'Percent, e.g. 13 or 14.975' }),
    taxAmount: t.exposeInt('taxAmount'),
    taxLines: t.field({
      type: [TaxLineType],
      description: 'The taxes charged; empty where none applies',
      select: { taxLines: true },
      resolve: (payment) => storedTaxLines(payment.taxLines),
    }),
    totalAmount: t.exposeInt('totalAmount'),
    province: t.exposeString('province', { nullable: true }),
    isCanadian: t.exposeBoolean('isCanadian'),
    couponCode: t.exposeString('couponCode', { nullable: true }),
    refundDueAmount: t.exposeInt('refundDueAmount', {
      nullable: true,
      description: 'Cents captured for an activation that was refused, to be refunded',
    }),
    refundReason: t.exposeString('refundReason', { nullable: true }),
    refundedAt: t.expose('refundedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Refunded in full (issue 19)',
    }),
    refundAmount: t.exposeInt('refundAmount', { nullable: true }),
    providerRefundId: t.exposeString('providerRefundId', { nullable: true }),
    failureCode: t.exposeString('failureCode', { nullable: true }),
    failureMessage: t.exposeString('failureMessage', { nullable: true }),
    activatedAt: t.expose('activatedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    userId: t.exposeInt('userId'),
    caseId: t.exposeInt('caseId'),
    caseUuid: t.string({ select: { case: { select: { uuid: true } } }, resolve: (payment) => payment.case.uuid }),
  }),
});

const PaymentIntentType = builder.objectRef<PaymentIntentView>('PaymentIntent').implement({
  description: 'SPEC §3 payment-intent response (cents).',
  fields: (t) => ({
    clientSecret: t.exposeString('clientSecret', { description: "Stripe client secret, or 'free_consultation'" }),
    paymentIntentId: t.exposeString('paymentIntentId'),
    amount: t.exposeInt('amount', { description: 'The amount charged (= totalAmount)' }),
    originalAmount: t.exposeInt('originalAmount', { description: 'Fee plus formulation and urgency fees' }),
    urgency: t.expose('urgency', { type: CaseUrgencyEnum }),
    urgencyFeeAmount: t.exposeInt('urgencyFeeAmount', { description: 'What the urgency adds (0 for routine)' }),
    discountAmount: t.exposeInt('discountAmount'),
    subtotalAmount: t.exposeInt('subtotalAmount'),
    taxAmount: t.exposeInt('taxAmount'),
    taxIncluded: t.exposeBoolean('taxIncluded'),
    taxRate: t.exposeFloat('taxRate'),
    taxLines: t.field({
      type: [TaxLineType],
      description: 'One line per tax charged; empty where no tax applies (e.g. US clinics)',
      resolve: (intent) => intent.taxLines,
    }),
    totalAmount: t.exposeInt('totalAmount'),
    currency: t.exposeString('currency', { description: "The clinic's currency: cad (Canada) or usd (US)" }),
    isCanadian: t.exposeBoolean('isCanadian'),
    province: t.exposeString('province', { nullable: true }),
    automaticTax: t.exposeBoolean('automaticTax'),
    type: t.expose('type', { type: PaymentTypeEnum }),
    couponCode: t.exposeString('couponCode', { nullable: true }),
    couponName: t.exposeString('couponName', { nullable: true }),
    free: t.exposeBoolean('free'),
  }),
});

const AppliedCouponType = builder.objectRef<AppliedCoupon>('AppliedCoupon').implement({
  fields: (t) => ({
    discountAmount: t.exposeInt('discountAmount'),
    couponName: t.exposeString('couponName'),
    couponCode: t.exposeString('couponCode'),
  }),
});

const ConfirmPaymentResultType = builder.objectRef<ConfirmPaymentResult>('ConfirmPaymentResult').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    message: t.string({ nullable: true, resolve: (r) => r.message ?? null }),
    caseUuid: t.string({ nullable: true, resolve: (r) => r.caseUuid ?? null }),
  }),
});

const CardErrorType = builder.objectRef<{ code: string; message: string }>('CardError').implement({
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});

const TestCardResultType = builder.objectRef<TestCardResult>('TestCardResult').implement({
  fields: (t) => ({
    status: t.exposeString('status'),
    paymentIntentId: t.exposeString('paymentIntentId'),
    error: t.field({ type: CardErrorType, nullable: true, resolve: (r) => r.error ?? null }),
    activated: t.boolean({ nullable: true, resolve: (r) => r.activated ?? null }),
  }),
});

const PaymentConfigType = builder
  .objectRef<{ provider: 'stripe' | 'test'; publishableKey: string | null; currency: string }>('PaymentConfig')
  .implement({
    fields: (t) => ({
      provider: t.exposeString('provider', { description: "'stripe' or 'test' (built-in test provider)" }),
      publishableKey: t.exposeString('publishableKey', { nullable: true }),
      currency: t.exposeString('currency'),
    }),
  });

const CreatePaymentIntentInput = builder.inputType('CreatePaymentIntentInput', {
  fields: (t) => ({
    type: t.string({
      required: true,
      description: 'consultation | revisit (also new_consultation | case_reopening)',
    }),
    caseId: t.id({
      required: true,
      description: 'uuid or id of the case awaiting payment; for a revisit, the reviewed case being reopened',
    }),
    couponCode: t.string(),
    urgency: t.string({
      description: 'routine | priority | stat: read only for a revisit paid before it exists (a case carries its own)',
    }),
    formData: t.field({ type: 'JSON' }),
  }),
});

const ApplyCouponInput = builder.inputType('ApplyCouponInput', {
  fields: (t) => ({
    couponCode: t.string({ required: true }),
    paymentType: t.string(),
    caseId: t.id(),
    urgency: t.string({ description: 'As in CreatePaymentIntentInput' }),
  }),
});

const TestCardInput = builder.inputType('TestCardInput', {
  fields: (t) => ({
    paymentIntentId: t.string({ required: true }),
    cardNumber: t.string({ required: true }),
    expMonth: t.int({ required: true }),
    expYear: t.int({ required: true }),
    cvc: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  paymentConfig: t.field({
    type: PaymentConfigType,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.payments.config(),
  }),
  casePayments: t.prismaField({
    type: ['Payment'],
    authScopes: { authenticated: true },
    description: "A case's payments: its veterinarian and the administrator.",
    args: { caseId: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const list = await ctx.services.payments.listArgs(ctx.actor, String(args.caseId));
      return ctx.db.payment.findMany({ ...query, ...list });
    },
  }),
  payments: t.prismaField({
    type: ['Payment'],
    authScopes: { authenticated: true },
    description: 'Every payment (administrator) or your own (veterinarian).',
    resolve: async (query, _root, _args, ctx) => {
      const list = await ctx.services.payments.listArgs(ctx.actor, null);
      return ctx.db.payment.findMany({ ...query, ...list });
    },
  }),
}));

builder.mutationFields((t) => ({
  createPaymentIntent: t.field({
    type: PaymentIntentType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreatePaymentIntentInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.payments.createPaymentIntent(ctx.actor, args.input),
  }),
  applyCoupon: t.field({
    type: AppliedCouponType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ApplyCouponInput, required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.payments.applyCoupon(ctx.actor, {
        couponCode: args.input.couponCode,
        paymentType: args.input.paymentType ?? undefined,
        caseId: args.input.caseId ?? undefined,
        urgency: args.input.urgency ?? undefined,
      }),
  }),
  confirmPayment: t.field({
    type: ConfirmPaymentResultType,
    authScopes: { authenticated: true },
    args: { paymentIntentId: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.payments.confirmPayment(ctx.actor, args),
  }),
  confirmTestCard: t.field({
    type: TestCardResultType,
    authScopes: { authenticated: true },
    description: 'Built-in test provider only: confirms an intent with one of Stripe’s test card numbers.',
    args: { input: t.arg({ type: TestCardInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.payments.confirmTestCard(ctx.actor, args.input),
  }),
  syncPromotionCodes: t.int({
    authScopes: { authenticated: true },
    description: 'Creates at Stripe the promotion codes that exist only locally; returns how many.',
    resolve: async (_root, _args, ctx) => (await ctx.services.payments.syncPromotionCodes(ctx.actor)).synced,
  }),
}));
