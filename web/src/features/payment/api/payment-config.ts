import { paymentRequest } from './payment-http';

export interface PaymentConfig {
  /** 'stripe' with a publishable key, or the built-in 'test' provider. */
  provider: 'stripe' | 'test';
  publishableKey: string | null;
  currency: string;
}

/** GET /api/payment/config: which card form to show. */
export function fetchPaymentConfig(): Promise<PaymentConfig> {
  return paymentRequest<PaymentConfig>('/api/payment/config');
}
