import { cardErrorMessage, PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { serverErrorDetails, serverErrorMessage, serverErrorStatus } from '../../../lib/graphql-errors';

// SPEC §8 "Payment": which words a failure shows, by where it happened and its status or code.

/** Initialisation (create-payment-intent) failures, by status. */
export function initializationMessage(error: unknown): string {
  const status = serverErrorStatus(error);
  if (!status) return PAYMENT_MESSAGES.createIntentFailed;
  if (status === 401) return PAYMENT_MESSAGES.sessionLost;
  if (status === 500) return PAYMENT_MESSAGES.serverError;
  if (status === 400) return PAYMENT_MESSAGES.invalidRequest;
  if (status > 500) return PAYMENT_MESSAGES.unavailable;
  return serverErrorMessage(error) || PAYMENT_MESSAGES.createIntentFailed;
}

/** confirm-payment failures, by status. */
export function confirmationMessage(error: unknown): string {
  const status = serverErrorStatus(error);
  if (!status) return PAYMENT_MESSAGES.confirmationFailed;
  if (status === 500) return PAYMENT_MESSAGES.confirmationServerError;
  if (status === 400) return PAYMENT_MESSAGES.confirmationBadRequest;
  if (status === 402) return cardStepMessage(error);
  return serverErrorMessage(error) || PAYMENT_MESSAGES.confirmationFailed;
}

/** A card step failure: the spec's text for a known code, else the provider's message, else the fallback. */
export function cardStepMessage(error: unknown): string {
  const paymentCode = serverErrorDetails(error).paymentCode;
  return cardErrorMessage(typeof paymentCode === 'string' ? paymentCode : null, serverErrorMessage(error));
}

/**
 * An amount in cents in the currency the server priced it in (SPEC §9: divided by 100, 2 decimals),
 * e.g. "$150.00"; a discount shows with a minus sign. The symbol alone is ambiguous between CAD and
 * USD, so the total and the pay button add the ISO code (`currencyCode`).
 */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).format(cents / 100);
  } catch {
    // An unknown code (never sent by our server): the amount with the code, not a wrong symbol.
    return `${(cents / 100).toFixed(2)} ${currencyCode(currency)}`;
  }
}

/** The ISO code as readers see it: "CAD", "USD". */
export const currencyCode = (currency: string) => currency.toUpperCase();
