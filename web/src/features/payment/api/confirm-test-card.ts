import { paymentRequest } from './payment-http';

export interface TestCardPayment {
  paymentIntentId: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface TestCardResult {
  status: string;
  paymentIntentId: string;
  error?: { code: string; message: string };
  activated?: boolean;
}

/** POST /api/payment/test-provider/confirm: the built-in provider's card step (Stripe's test cards). */
export function confirmTestCard(input: TestCardPayment): Promise<TestCardResult> {
  return paymentRequest<TestCardResult>('/api/payment/test-provider/confirm', input);
}
