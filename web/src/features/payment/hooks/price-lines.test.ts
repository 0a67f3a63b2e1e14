import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { cardErrorMessage, PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { describe, expect, it } from 'vitest';
import {
  cardStepMessage,
  confirmationMessage,
  currencyCode,
  formatMoney,
  initializationMessage,
} from './payment-messages';
import { priceLines } from './price-lines';

// SPEC §9 price display and SPEC §8 payment messages: what the payment card shows for a priced
// intent and for each kind of failure.

const intent = {
  currency: 'cad',
  originalAmount: 15000,
  discountAmount: 0,
  couponName: null,
  taxAmount: 0,
  taxRate: 0,
  province: null,
};

describe('priceLines', () => {
  it('shows only the fee when there is no discount and no tax (a US clinic)', () => {
    expect(priceLines({ ...intent, currency: 'usd' }, 'Consultation fee')).toEqual([
      { name: 'Consultation fee', amount: '$150.00' },
    ]);
  });

  it('names the coupon on the discount line and shows it negative', () => {
    const lines = priceLines({ ...intent, discountAmount: 2500, couponName: 'WELCOME25' }, 'Consultation fee');
    expect(lines[1]).toEqual({ name: 'Discount (WELCOME25)', amount: '-$25.00', tone: 'discount' });
  });

  it('shows the urgency fee as its own line after the fee (issue 19)', () => {
    const lines = priceLines(
      { ...intent, originalAmount: 24000, urgency: 'stat', urgencyFeeAmount: 9000 },
      'Consultation fee',
    );
    expect(lines.slice(0, 2)).toEqual([
      { name: 'Consultation fee', amount: '$150.00' },
      { name: 'STAT (4 h)', amount: '$90.00' },
    ]);
    expect(priceLines({ ...intent, urgency: 'routine', urgencyFeeAmount: 0 }, 'Fee')).toHaveLength(1);
  });

  it('says "Discount" when the coupon has no name', () => {
    expect(priceLines({ ...intent, discountAmount: 100 }, 'Fee')[1]?.name).toBe('Discount');
  });

  it('names the province and the rate with one decimal on the tax line', () => {
    const lines = priceLines({ ...intent, taxAmount: 1950, taxRate: 13, province: 'ON' }, 'Consultation fee');
    expect(lines.at(-1)).toEqual({ name: 'Tax (ON 13.0%)', amount: '$19.50' });
    const quebec = priceLines({ ...intent, taxAmount: 2246, taxRate: 14.975, province: 'QC' }, 'Fee');
    expect(quebec.at(-1)?.name).toBe('Tax (QC 15.0%)');
  });

  it('leaves the tax line out when the tax is zero, and omits an unknown province', () => {
    expect(priceLines({ ...intent, taxRate: 13, province: 'ON' }, 'Fee')).toHaveLength(1);
    expect(priceLines({ ...intent, taxAmount: 500, taxRate: 5 }, 'Fee').at(-1)?.name).toBe('Tax (5.0%)');
  });
});

describe('formatMoney', () => {
  it('divides cents by 100 with two decimals, in the priced currency', () => {
    expect(formatMoney(16950, 'cad')).toBe('$169.50');
    expect(formatMoney(7500, 'usd')).toBe('$75.00');
    expect(formatMoney(-2500, 'cad')).toBe('-$25.00');
  });

  it('writes an unknown code beside the amount rather than a wrong symbol', () => {
    expect(formatMoney(1234, 'not-a-currency')).toBe('12.34 NOT-A-CURRENCY');
    expect(currencyCode('cad')).toBe('CAD');
  });
});

const refusal = (code: string, message: string, details: Record<string, unknown> = {}) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code, ...details } }] });

describe('payment failure messages', () => {
  it('chooses the spec text by the status the REST door would give the refusal', () => {
    expect(initializationMessage(refusal('UNAUTHENTICATED', 'Not authenticated'))).toBe(PAYMENT_MESSAGES.sessionLost);
    expect(initializationMessage(refusal('BAD_USER_INPUT', 'caseId is required'))).toBe(
      PAYMENT_MESSAGES.invalidRequest,
    );
    expect(initializationMessage(refusal('INTERNAL_SERVER_ERROR', 'Unexpected error'))).toBe(
      PAYMENT_MESSAGES.serverError,
    );
    expect(initializationMessage(refusal('CONFLICT', 'This case has already been paid'))).toBe(
      'This case has already been paid',
    );
    expect(confirmationMessage(refusal('BAD_USER_INPUT', 'x'))).toBe(PAYMENT_MESSAGES.confirmationBadRequest);
  });

  it('reads the card code a declined payment carries', () => {
    const declined = refusal('PAYMENT_FAILED', 'Your card was declined.', { paymentCode: 'card_declined' });
    expect(confirmationMessage(declined)).toBe(cardErrorMessage('card_declined', 'Your card was declined.'));
    expect(cardStepMessage(declined)).toBe(cardErrorMessage('card_declined', 'Your card was declined.'));
  });

  it('says a network failure is a failed set-up, not a server refusal', () => {
    expect(initializationMessage(new TypeError('Failed to fetch'))).toBe(initializationMessage(null));
    expect(cardStepMessage(new TypeError('Failed to fetch'))).toBe(cardStepMessage(null));
    expect(confirmationMessage(new Error('offline'))).toBe(confirmationMessage(undefined));
  });
});
