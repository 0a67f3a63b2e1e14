import type { Urgency } from '@vetconsult/schema/urgency';
import { graphql } from '../../../gql/gql';
import type {
  AppliedCouponFieldsFragment,
  PaymentConfigFieldsFragment,
  PaymentIntentFieldsFragment,
} from '../../../gql/graphql';
import { apolloClient } from '../../../lib/apollo-client';

// The payment calls (SPEC §7 /api/payment/*, here over GraphQL: the same service calls). A refusal is
// a GraphQL error; lib/graphql-errors reads its code, status and details (e.g. paymentCode).

/** What is paid: a new consultation or a revisit (case reopening). */
export type PaymentKind = 'consultation' | 'revisit';

graphql(`
  fragment PaymentIntentFields on PaymentIntent {
    clientSecret
    paymentIntentId
    amount
    originalAmount
    urgency
    urgencyFeeAmount
    discountAmount
    subtotalAmount
    taxAmount
    taxIncluded
    taxRate
    totalAmount
    currency
    isCanadian
    province
    automaticTax
    couponCode
    couponName
  }
`);

graphql(`
  fragment AppliedCouponFields on AppliedCoupon {
    couponCode
    couponName
    discountAmount
  }
`);

graphql(`
  fragment PaymentConfigFields on PaymentConfig {
    provider
    publishableKey
    currency
  }
`);

/** SPEC §3 "Payment-intent response" (amounts in cents, taxRate in percent). */
export type PaymentIntent = PaymentIntentFieldsFragment;
export type PaymentConfig = PaymentConfigFieldsFragment;
export type AppliedCoupon = AppliedCouponFieldsFragment;

const paymentConfigQuery = graphql(`
  query PaymentConfig {
    paymentConfig {
      ...PaymentConfigFields
    }
  }
`);

const createPaymentIntentMutation = graphql(`
  mutation CreatePaymentIntent($input: CreatePaymentIntentInput!) {
    createPaymentIntent(input: $input) {
      ...PaymentIntentFields
    }
  }
`);

const applyCouponMutation = graphql(`
  mutation ApplyCoupon($input: ApplyCouponInput!) {
    applyCoupon(input: $input) {
      ...AppliedCouponFields
    }
  }
`);

const confirmPaymentMutation = graphql(`
  mutation ConfirmPayment($paymentIntentId: String!) {
    confirmPayment(paymentIntentId: $paymentIntentId) {
      success
      message
    }
  }
`);

const confirmTestCardMutation = graphql(`
  mutation ConfirmTestCard($input: TestCardInput!) {
    confirmTestCard(input: $input) {
      status
      paymentIntentId
      activated
      error {
        code
        message
      }
    }
  }
`);

/** Which card form to show: 'stripe' with a publishable key, or the built-in 'test' provider. */
export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  const { data } = await apolloClient.query({ query: paymentConfigQuery, fetchPolicy: 'network-only' });
  if (!data) throw new Error('No payment configuration');
  return data.paymentConfig;
}

export interface CreatePaymentIntentInput {
  type: PaymentKind;
  /** The pending-payment case (new consult) or the reviewed case being revisited (uuid). */
  caseId: string;
  couponCode?: string | null;
  formData?: Record<string, unknown>;
  /** A revisit paid before it exists: the urgency chosen on the revisit form (a saved case carries its own). */
  urgency?: Urgency;
}

/** Prices the case and opens an intent (diagnostic files travel with the final submission). */
export async function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
  const { data } = await apolloClient.mutate({
    mutation: createPaymentIntentMutation,
    variables: {
      input: {
        type: input.type,
        caseId: input.caseId,
        couponCode: input.couponCode ?? null,
        formData: input.formData,
        urgency: input.urgency ?? null,
      },
    },
  });
  if (!data) throw new Error('No payment intent');
  return data.createPaymentIntent;
}

/** Checks a code and says what it saves. */
export async function applyCoupon(
  couponCode: string,
  paymentType: PaymentKind,
  caseId: string,
  urgency?: Urgency,
): Promise<AppliedCoupon> {
  const { data } = await apolloClient.mutate({
    mutation: applyCouponMutation,
    variables: { input: { couponCode, paymentType, caseId, urgency: urgency ?? null } },
  });
  if (!data) throw new Error('No coupon answer');
  return data.applyCoupon;
}

/** The server checks the intent and activates the case. */
export async function confirmPayment(paymentIntentId: string) {
  const { data } = await apolloClient.mutate({ mutation: confirmPaymentMutation, variables: { paymentIntentId } });
  if (!data) throw new Error('No confirmation');
  return data.confirmPayment;
}

export interface TestCardPayment {
  paymentIntentId: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The built-in provider's card step (Stripe's test cards). */
export async function confirmTestCard(input: TestCardPayment) {
  const { data } = await apolloClient.mutate({ mutation: confirmTestCardMutation, variables: { input } });
  if (!data) throw new Error('No card answer');
  return data.confirmTestCard;
}
