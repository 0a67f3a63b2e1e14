import { FREE_CONSULTATION, PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import type { Urgency } from '@vetconsult/schema/urgency';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { toast } from '../../../lib/toasts';
import {
  confirmPayment,
  confirmTestCard,
  fetchPaymentConfig,
  type PaymentConfig,
  type PaymentKind,
} from '../api/payments';
import { cardStepMessage, confirmationMessage, currencyCode, formatMoney } from '../hooks/payment-messages';
import { usePaymentIntent } from '../hooks/use-payment-intent';
import { CouponField } from './coupon-field';
import { PriceSummary } from './price-summary';
import { type CardDetails, TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** SPEC §9: the success screen shows 1 s before the caller is told. */
export const PAYMENT_SUCCESS_SCREEN_MS = 1000;

export interface PaidResult {
  paymentIntentId: string;
  couponCode: string | null;
  /** A 100% discount: no card was charged; the caller submits at once (Submit Case). */
  free: boolean;
}

export interface PaymentPanelProps {
  type: PaymentKind;
  /** uuid of the case being paid (new consult) or revisited. */
  caseId: string;
  formData?: Record<string, unknown>;
  /** A revisit's chosen urgency (issue 19). */
  urgency?: Urgency;
  onCancel(): void;
  onPaid(result: PaidResult): void;
  /** Lets a surrounding dialog refuse to close while a payment is in flight. */
  onBusyChange?(busy: boolean): void;
}

let configPromise: Promise<PaymentConfig> | null = null;
function paymentConfig() {
  configPromise ??= fetchPaymentConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/**
 * Price, coupon and card step of a payment (SPEC §2 "Payment modal or card"): new-consultation or
 * case-reopening payment, or the free-consultation card with Cancel and Submit Case.
 */
export function PaymentPanel({ type, caseId, formData, urgency, onCancel, onPaid, onBusyChange }: PaymentPanelProps) {
  const payment = usePaymentIntent({ type, caseId, formData, urgency });
  const [config, setConfig] = useState<PaymentConfig | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let current = true;
    paymentConfig()
      .then((value) => current && setConfig(value))
      .catch(() => current && setConfig({ provider: 'test', publishableKey: null, currency: 'cad' }));
    return () => {
      current = false;
      window.clearTimeout(timer.current);
    };
  }, []);

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const fail = (message: string) => {
    setBusy(false);
    setFailure(message);
    toast({ title: PAYMENT_MESSAGES.failedTitle, description: message, variant: 'destructive' });
  };

  /** The server verifies the intent and activates the case; false once the failure has been shown. */
  const activate = async (paymentIntentId: string): Promise<boolean> => {
    try {
      const result = await confirmPayment(paymentIntentId);
      if (result.success) return true;
      fail(result.message || PAYMENT_MESSAGES.activationFailed);
    } catch (error) {
      fail(confirmationMessage(error));
    }
    return false;
  };

  /** The card step succeeded: activate, show the success screen, then tell the caller. */
  const finish = async (paymentIntentId: string) => {
    setBusy(true);
    if (!(await activate(paymentIntentId))) return;
    setSucceeded(true);
    setBusy(false);
    toast({ title: PAYMENT_MESSAGES.successTitle, variant: 'success' });
    timer.current = window.setTimeout(
      () => onPaid({ paymentIntentId, couponCode: payment.couponCode, free: false }),
      PAYMENT_SUCCESS_SCREEN_MS,
    );
  };

  const payWithTestCard = async (paymentIntentId: string, card: CardDetails) => {
    setFailure(null);
    setBusy(true);
    try {
      const result = await confirmTestCard({ paymentIntentId, ...card });
      if (result.error) {
        fail(result.error.message || cardStepMessage(null));
        return;
      }
    } catch (error) {
      fail(cardStepMessage(error));
      return;
    }
    await finish(paymentIntentId);
  };

  const submitFree = async (paymentIntentId: string) => {
    setFailure(null);
    setBusy(true);
    if (!(await activate(paymentIntentId))) return;
    setBusy(false);
    onPaid({ paymentIntentId, couponCode: payment.couponCode, free: true });
  };

  if (succeeded) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300">
          <Icon name="check" className="size-8" />
        </span>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{PAYMENT_MESSAGES.successTitle}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">Your payment has been processed.</p>
      </div>
    );
  }

  const { state } = payment;
  if (state.status === 'loading' || !config) return <LoadingState label="Preparing payment..." />;

  if (state.status === 'error') {
    return (
      <div role="alert" className="space-y-4">
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
          <p className="text-sm font-semibold text-red-800 dark:text-red-200">{PAYMENT_MESSAGES.initializeFailed}</p>
          <p className="mt-1 text-sm text-red-700 dark:text-red-300">{state.message}</p>
        </div>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Go Back
          </Button>
        </div>
      </div>
    );
  }

  const { intent } = state;
  const free = intent.clientSecret === FREE_CONSULTATION;
  const label = type === 'revisit' ? 'Case reopening fee' : 'Consultation fee';
  const payLabel = `Pay ${formatMoney(intent.totalAmount, intent.currency)} ${currencyCode(intent.currency)}`;

  return (
    <div className="space-y-5">
      <PriceSummary intent={intent} label={label} />
      <CouponField
        appliedCode={payment.couponCode}
        busy={payment.couponBusy}
        disabled={busy}
        onApply={payment.applyCoupon}
        onRemove={() => void payment.removeCoupon()}
      />
      {failure ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {failure}
        </div>
      ) : null}
      {free ? (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40">
          <p className="text-sm font-semibold text-emerald-900 dark:text-emerald-100">Free consultation</p>
          <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-200">
            Your coupon covers the full amount. No card is needed.
          </p>
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void submitFree(intent.paymentIntentId)} busy={busy}>
              Submit Case
            </Button>
          </div>
        </div>
      ) : config.provider === 'stripe' && config.publishableKey ? (
        <Suspense fallback={<LoadingState label="Loading card form..." />}>
          <StripeCardForm
            publishableKey={config.publishableKey}
            clientSecret={intent.clientSecret}
            payLabel={payLabel}
            busy={busy}
            onBusy={setBusy}
            onSucceeded={(id) => void finish(id)}
            onFailed={fail}
            onCancel={onCancel}
          />
        </Suspense>
      ) : (
        <TestCardForm
          payLabel={payLabel}
          busy={busy}
          onPay={(card) => void payWithTestCard(intent.paymentIntentId, card)}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}
