import { paymentRequest } from './payment-http';

export interface ConfirmPaymentResult {
  success: boolean;
  message?: string;
  caseUuid?: string;
}

/** POST /api/payment/confirm-payment: the server checks the intent and activates the case. */
export function confirmPayment(paymentIntentId: string): Promise<ConfirmPaymentResult> {
  return paymentRequest<ConfirmPaymentResult>('/api/payment/confirm-payment', { paymentIntentId });
}
