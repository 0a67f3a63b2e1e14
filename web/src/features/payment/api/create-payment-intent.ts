import { paymentRequest } from './payment-http';

/** SPEC §3 "Payment-intent response" (amounts in cents, taxRate in percent). */
export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  originalAmount: number;
  discountAmount: number;
  subtotalAmount?: number;
  /** Absent, null or 0 where no tax applies (e.g. a US clinic). */
  taxAmount?: number | null;
  taxIncluded: boolean;
  taxRate?: number | null;
  totalAmount: number;
  /** ISO 4217 code of every amount here, as the server priced it (e.g. "cad", "usd"). */
  currency: string;
  isCanadian: boolean;
  province: string | null;
  automaticTax: boolean;
  couponCode?: string | null;
  couponName?: string | null;
}

/** What is paid: a new consultation or a revisit (case reopening). */
export type PaymentKind = 'consultation' | 'revisit';

export interface CreatePaymentIntentInput {
  type: PaymentKind;
  /** The pending-payment case (new consult) or the reviewed case being revisited (uuid). */
  caseId: string;
  couponCode?: string | null;
  formData?: Record<string, unknown>;
}

/** POST /api/payment/create-payment-intent (JSON; diagnostic files travel with the final submission). */
export function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
  return paymentRequest<PaymentIntent>('/api/payment/create-payment-intent', {
    type: input.type,
    caseId: input.caseId,
    couponCode: input.couponCode ?? null,
    formData: input.formData,
  });
}
