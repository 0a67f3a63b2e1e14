import { COUPON_MESSAGES } from '@vetconsult/schema/payment';
import type { Urgency } from '@vetconsult/schema/urgency';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverErrorMessage, serverErrorStatus } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { applyCoupon, createPaymentIntent, type PaymentIntent, type PaymentKind } from '../api/payments';
import { formatMoney, initializationMessage } from './payment-messages';

// SPEC §4 "Coupon": apply (the code is checked, then the intent is re-created with it), applied
// (input locked, Remove shown), removed (the intent is re-created without it).

export interface PaymentIntentRequest {
  type: PaymentKind;
  caseId: string;
  formData?: Record<string, unknown>;
  /** A revisit's chosen urgency (issue 19); a new consult is priced at its saved urgency. */
  urgency?: Urgency;
}

export type IntentState =
  | { status: 'loading' }
  | { status: 'ready'; intent: PaymentIntent }
  | { status: 'error'; message: string };

export function usePaymentIntent({ type, caseId, formData, urgency }: PaymentIntentRequest) {
  const [state, setState] = useState<IntentState>({ status: 'loading' });
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  const formDataRef = useRef(formData);
  formDataRef.current = formData;

  const load = useCallback(
    async (code: string | null) => {
      const intent = await createPaymentIntent({
        type,
        caseId,
        couponCode: code,
        formData: formDataRef.current,
        urgency,
      });
      setState({ status: 'ready', intent });
      return intent;
    },
    [type, caseId, urgency],
  );

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    createPaymentIntent({ type, caseId, couponCode: null, formData: formDataRef.current, urgency })
      .then((intent) => {
        if (current) setState({ status: 'ready', intent });
      })
      .catch((error: unknown) => {
        if (current) setState({ status: 'error', message: initializationMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [type, caseId, urgency]);

  const apply = useCallback(
    async (rawCode: string): Promise<string | null> => {
      const code = rawCode.trim();
      if (!code) return COUPON_MESSAGES.empty;
      setCouponBusy(true);
      try {
        const applied = await applyCoupon(code, type, caseId, urgency);
        const intent = await load(applied.couponCode ?? code);
        setCouponCode(applied.couponCode ?? code);
        toast({
          title: COUPON_MESSAGES.appliedTitle,
          // The saving in the currency the case is priced in (the re-created intent's).
          description: `${applied.couponName}: you saved ${formatMoney(applied.discountAmount, intent.currency)}`,
          variant: 'success',
        });
        return null;
      } catch (error) {
        const status = serverErrorStatus(error);
        if (status >= 400 && status < 500 && status !== 401) {
          const message = serverErrorMessage(error) || COUPON_MESSAGES.invalid;
          toast({ title: COUPON_MESSAGES.invalidTitle, description: message, variant: 'destructive' });
          return message;
        }
        toast({ title: COUPON_MESSAGES.applyFailed, variant: 'destructive' });
        return COUPON_MESSAGES.applyFailed;
      } finally {
        setCouponBusy(false);
      }
    },
    [type, caseId, load, urgency],
  );

  const remove = useCallback(async () => {
    setCouponBusy(true);
    try {
      await load(null);
      setCouponCode(null);
      toast({ title: COUPON_MESSAGES.removedTitle });
    } catch (error) {
      setState({ status: 'error', message: initializationMessage(error) });
    } finally {
      setCouponBusy(false);
    }
  }, [load]);

  return { state, couponCode, couponBusy, applyCoupon: apply, removeCoupon: remove };
}
