import { z } from 'zod';
import { text, withinRowIds } from './text';
import { urgencySchema } from './turnaround';

// SPEC §3 payment responses, §5 "Coupon", §8 "Payment" and "Coupon": the one copy of the payment
// words and input rules, shared by the server (REST, GraphQL, services) and the web client.

// --- card errors (SPEC §8 "Payment", by code) ---------------------------------------------------------------

export const CARD_ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export const CARD_ERROR_MESSAGES: Readonly<Record<CardErrorCode, string>> = {
  card_declined: 'Your card was declined. Please try a different payment method or contact your bank.',
  insufficient_funds: 'Insufficient funds on your card. Please try a different payment method.',
  expired_card: 'Your card has expired. Please use a different payment method.',
  incorrect_cvc: "Your card's security code is incorrect. Please check and try again.",
  processing_error: 'Payment processing error. Please try again or use a different payment method.',
  authentication_required: 'Additional authentication required. Please complete the verification and try again.',
};

export const PAYMENT_FAILED_FALLBACK = 'Payment failed. Please try again or contact support.';

/**
 * The words shown for a card failure: the spec's text for a known code, else the provider's own
 * message, else the generic fallback (SPEC §8 "otherwise the provider message or ...").
 * Stripe reports insufficient funds as card_declined with decline_code insufficient_funds, so the
 * decline code is looked at first.
 */
export function cardErrorMessage(
  code: string | null | undefined,
  providerMessage?: string | null,
  declineCode?: string | null,
): string {
  for (const candidate of [declineCode, code]) {
    if (candidate && candidate in CARD_ERROR_MESSAGES) return CARD_ERROR_MESSAGES[candidate as CardErrorCode];
  }
  return providerMessage?.trim() ? providerMessage : PAYMENT_FAILED_FALLBACK;
}

/** The most specific known code of a failure (decline code first), for the client to key on. */
export function cardErrorCode(code: string | null | undefined, declineCode?: string | null): string | null {
  if (declineCode && declineCode in CARD_ERROR_MESSAGES) return declineCode;
  return code ?? null;
}

// --- other payment messages of SPEC §8 (client-side texts kept here so both sides use one copy) ---------

export const PAYMENT_MESSAGES = {
  formValidationFailed: 'Payment form validation failed',
  activationFailed: 'Payment processed but case activation failed. Please contact support.',
  confirmationFailed: 'Payment confirmation failed',
  confirmationServerError:
    'Payment was successful but server error occurred during confirmation. Please contact support with your payment ID.',
  confirmationBadRequest: 'Payment confirmation error. Please contact support with your payment ID.',
  sessionLost:
    'Session lost (possibly due to server maintenance). Please refresh the page and log in again to continue with your consultation.',
  createIntentFailed: 'Failed to create payment intent',
  serverError: 'Server error occurred. Please try again or contact support if the issue persists.',
  invalidRequest: 'Invalid payment request. Please check your information and try again.',
  unavailable: 'Service temporarily unavailable. Please try again in a few moments.',
  initializeFailed: 'Failed to initialize payment',
  setupFailedTitle: 'Payment Setup Failed',
  setupFailed: 'Unable to prepare payment. Please check your form and try again.',
  submissionFailedTitle: 'Submission Failed',
  submissionFailed: 'Failed to submit consultation. Please try again.',
  failedTitle: 'Payment Failed',
  successTitle: 'Payment Successful',
  submittedTitle: 'Consultation Submitted Successfully',
} as const;

/** The token returned instead of a client secret when a coupon makes the consultation free (SPEC §4). */
export const FREE_CONSULTATION = 'free_consultation';

// --- coupons (SPEC §5 "Coupon", §8 "Coupon") ------------------------------------------------------------------

export const COUPON_MESSAGES = {
  empty: 'Please enter a coupon code',
  invalid: 'This coupon code is not valid',
  expired: 'This coupon has expired',
  exhausted: 'This coupon has reached its redemption limit',
  applyFailed: 'Failed to apply coupon code',
  invalidTitle: 'Invalid Coupon',
  appliedTitle: 'Coupon Applied',
  removedTitle: 'Coupon Removed',
} as const;

/** 'This coupon requires a minimum purchase of $X.XX' (amount in cents). */
export const couponMinimumMessage = (minimumCents: number) =>
  `This coupon requires a minimum purchase of $${(minimumCents / 100).toFixed(2)}`;

export const couponCodeSchema = text({ error: COUPON_MESSAGES.empty })
  .trim()
  .min(1, { error: COUPON_MESSAGES.empty })
  .max(64, { error: COUPON_MESSAGES.invalid });

// --- payment inputs (SPEC §7 "/api/payment/*") ------------------------------------------------------------------

/**
 * What is being paid for. The spec's client sends 'new_consultation' / 'case_reopening' (the payment
 * modal variants of SPEC §2); the server's own words are 'consultation' / 'revisit'. Both are accepted.
 */
export const PAYMENT_TYPE_ALIASES = {
  consultation: 'consultation',
  new_consultation: 'consultation',
  consult: 'consultation',
  revisit: 'revisit',
  case_reopening: 'revisit',
  reopening: 'revisit',
} as const;
export type PaymentTypeValue = 'consultation' | 'revisit';

export const paymentTypeSchema = text({ error: 'Payment type is required' })
  .trim()
  .transform((v) => v.toLowerCase())
  .refine((v) => v in PAYMENT_TYPE_ALIASES, { error: 'Payment type must be consultation or revisit' })
  .transform((v) => PAYMENT_TYPE_ALIASES[v as keyof typeof PAYMENT_TYPE_ALIASES] as PaymentTypeValue);

/** A case named by its uuid or its numeric id (the client has used both). */
export const caseReferenceSchema = z.union(
  [withinRowIds(z.number().int().positive(), 'A case is required'), text().trim().min(1).max(64)],
  {
    error: 'A case is required',
  },
);

/** An empty coupon field means "no coupon" when creating an intent (only apply-coupon insists on one). */
const optionalCoupon = text()
  .trim()
  .max(64, { error: COUPON_MESSAGES.invalid })
  .nullish()
  .transform((v) => (v ? v : null));

export const createPaymentIntentSchema = z.object({
  type: paymentTypeSchema,
  caseId: caseReferenceSchema,
  couponCode: optionalCoupon,
  /**
   * A revisit paid before it exists: the urgency chosen on the revisit form (issue 19). A consult is
   * priced at the urgency saved on its case; this is not read for it.
   */
  urgency: urgencySchema,
  /** The consult or revisit form as the client holds it; JSON text in multipart requests. */
  formData: z.unknown().optional(),
});
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>;

export const applyCouponSchema = z.object({
  couponCode: couponCodeSchema,
  paymentType: paymentTypeSchema.optional().default('consultation'),
  /** Optional: the case being paid, so a Nutrition complex formulation counts towards a minimum. */
  caseId: caseReferenceSchema.optional(),
  /** As in createPaymentIntentSchema: read for a revisit paid before it exists. */
  urgency: urgencySchema,
});
export type ApplyCouponInput = z.input<typeof applyCouponSchema>;

export const confirmPaymentSchema = z.object({
  paymentIntentId: text({ error: 'paymentIntentId is required' })
    .trim()
    .min(1, { error: 'paymentIntentId is required' })
    .max(255),
});

const digits = () => z.union([text(), z.number()]).transform((v) => String(v).replace(/\s+/g, ''));

/** The built-in test provider's card form (Stripe's documented test card numbers). */
export const testCardSchema = z.object({
  paymentIntentId: confirmPaymentSchema.shape.paymentIntentId,
  cardNumber: digits().pipe(text().regex(/^\d{12,19}$/, { error: 'Invalid card number' })),
  expMonth: z.coerce.number({ error: 'Invalid expiry month' }).int().min(1, { error: 'Invalid expiry month' }).max(12, {
    error: 'Invalid expiry month',
  }),
  expYear: z.coerce
    .number({ error: 'Invalid expiry year' })
    .int()
    .min(0, { error: 'Invalid expiry year' })
    .max(9999, { error: 'Invalid expiry year' })
    // Two-digit years are read as 20YY, as card forms show them.
    .transform((y) => (y < 100 ? 2000 + y : y)),
  cvc: digits().pipe(text().regex(/^\d{3,4}$/, { error: 'Invalid security code' })),
});
export type TestCardInput = z.input<typeof testCardSchema>;

// --- money (SPEC §9) ---------------------------------------------------------------------------------------------

/** Cents to '$12.34'. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** A tax rate in percent to '13.0%' (one decimal, SPEC §9). */
export const formatTaxRate = (percent: number) => `${percent.toFixed(1)}%`;
