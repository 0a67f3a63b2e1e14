import type { PaymentKind } from './create-payment-intent';
import { paymentRequest } from './payment-http';

export interface AppliedCoupon {
  discountAmount: number;
  couponName: string;
  couponCode?: string;
}

/** POST /api/payment/apply-coupon: checks a code and says what it saves. */
export function applyCoupon(couponCode: string, paymentType: PaymentKind, caseId: string): Promise<AppliedCoupon> {
  return paymentRequest<AppliedCoupon>('/api/payment/apply-coupon', { couponCode, paymentType, caseId });
}
