import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { cardErrorMessage, PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';

// Stripe Elements (a publishable key is configured): PaymentElement, then confirmPayment without a
// redirect unless the card requires one (SPEC §7). Loaded lazily so the test provider never pulls it in.

const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  busy: boolean;
  onBusy(busy: boolean): void;
  /** The intent succeeded at Stripe: the server confirms it next. */
  onSucceeded(paymentIntentId: string): void;
  onFailed(message: string): void;
  onCancel(): void;
}

function CardStep({
  payLabel,
  busy,
  onBusy,
  onSucceeded,
  onFailed,
  onCancel,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onBusy(true);
    const validation = await elements.submit();
    if (validation.error) {
      onBusy(false);
      onFailed(PAYMENT_MESSAGES.formValidationFailed);
      return;
    }
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (error) {
      onBusy(false);
      onFailed(cardErrorMessage(error.code, error.message, error.decline_code));
      return;
    }
    if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') {
      onSucceeded(paymentIntent.id);
      return;
    }
    onBusy(false);
    onFailed(cardErrorMessage(null, null));
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement onReady={() => setReady(true)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={!stripe || !ready}>
          {busy ? 'Processing...' : payLabel}
        </Button>
      </div>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  const dark = document.documentElement.classList.contains('dark');
  return (
    <Elements
      key={clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}
    >
      <CardStep {...rest} />
    </Elements>
  );
}
