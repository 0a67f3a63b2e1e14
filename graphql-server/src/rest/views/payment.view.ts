import { URGENCIES } from '@vetconsult/schema/turnaround';
import { z } from 'zod';
import type { Services } from '../../services';
import type { SameShape } from '../contract';

// The answers of the payment routes and the dashboard statistics as schemas (the routes' contract),
// checked at compile time against what the services return.

type Answer<F> = F extends (...args: never[]) => Promise<infer R>
  ? R
  : F extends (...args: never[]) => infer R
    ? R
    : never;
type Payments = Services['payments'];

export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  publishableKey: z.string().nullable(),
  currency: z.string(),
});

export const paymentIntentSchema = z
  .object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().describe('Cents charged.'),
    originalAmount: z.number(),
    discountAmount: z.number(),
    subtotalAmount: z.number(),
    taxAmount: z.number(),
    taxIncluded: z.boolean(),
    taxRate: z.number(),
    totalAmount: z.number(),
    currency: z.string(),
    taxLines: z.array(z.object({ name: z.string(), rate: z.number(), amount: z.number() })),
    isCanadian: z.boolean(),
    province: z.string().nullable(),
    automaticTax: z.boolean(),
    type: z.enum(['consultation', 'revisit']),
    couponCode: z.string().nullable(),
    couponName: z.string().nullable(),
    free: z.boolean(),
    urgency: z.enum(URGENCIES),
    urgencyFeeAmount: z.number().describe('Cents the urgency adds (in originalAmount; 0 for Routine).'),
  })
  .meta({ id: 'PaymentIntent' });

export const couponSchema = z.object({ discountAmount: z.number(), couponName: z.string(), couponCode: z.string() });

export const confirmedPaymentSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  caseUuid: z.string().optional(),
});

export const testCardResultSchema = z.object({
  status: z.string(),
  paymentIntentId: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  activated: z.boolean().optional(),
});

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const statsSchema = z.object({
  activeCount: z.number().int(),
  completedThisWeek: z.number().int(),
  pendingCount: z.number().int(),
});

/** Fails typecheck when a service's answer and its schema part ways. */
export const paymentViewsMatch: [
  SameShape<z.infer<typeof paymentConfigSchema>, Answer<Payments['config']>>,
  SameShape<z.infer<typeof paymentIntentSchema>, Answer<Payments['createPaymentIntent']>>,
  SameShape<z.infer<typeof couponSchema>, Answer<Payments['applyCoupon']>>,
  SameShape<z.infer<typeof webhookReceiptSchema>, Answer<Payments['handleWebhook']>>,
  SameShape<z.infer<typeof statsSchema>, Answer<Services['cases']['stats']>>,
] = [true, true, true, true, true];
