import { addressRegion } from '@vetconsult/schema/address';
import { describe, expect, it } from 'vitest';
import { couponDiscount } from '../src/domain/payments/coupons';
import { priceConsultation } from '../src/domain/payments/pricing';
import { CANADIAN_TAX_TABLE, type TaxOptions, taxForRegion } from '../src/domain/payments/tax';

// Sales tax by clinic province (tax.ts) and the price arithmetic (pricing.ts), in cents.

const fees = { consultFeeCents: 15000, revisitFeeCents: 7500, currency: 'cad' };

/** The tax on an amount for a clinic address, as pricing.ts reads the address. */
const taxForAddress = (amountCents: number, clinicAddress: string | null, options?: TaxOptions) =>
  taxForRegion(amountCents, addressRegion(clinicAddress), options);

describe('tax by clinic address', () => {
  it.each([
    ['120 King St W, Toronto, ON M5H 1J9', 'ON', 13, 1950],
    ['1000 Rue Sherbrooke O, Montreal, QC H3A 3G4', 'QC', 14.975, 2246],
    ['10230 Jasper Ave, Edmonton, AB T5J 4P6', 'AB', 5, 750],
    ['800 Robson St, Vancouver, BC V6Z 3B7', 'BC', 12, 1800],
    ['1800 Argyle St, Halifax, NS B3J 3N8', 'NS', 14, 2100],
    ['1 Water St, St. Johns, Newfoundland and Labrador A1C 1A1', 'NL', 15, 2250],
    ['2000 Victoria Ave, Regina, SK S4P 0R7', 'SK', 11, 1650],
    ['100 Main St, Whitehorse, YT Y1A 2A1', 'YT', 5, 750],
  ])('%s -> %s %d%%', (address, province, rate, tax) => {
    expect(taxForAddress(15000, address)).toMatchObject({ province, taxRate: rate, taxAmount: tax, isCanadian: true });
  });

  it('US clinics are untaxed unless their state is configured', () => {
    const address = '350 Fifth Ave, New York, NY 10118';
    expect(taxForAddress(15000, address)).toMatchObject({
      province: 'NY',
      isCanadian: false,
      taxRate: 0,
      taxAmount: 0,
    });
    expect(taxForAddress(15000, address, { usStateRates: { NY: 8875 } })).toMatchObject({
      taxRate: 8.875,
      taxAmount: 1331,
    });
  });

  it('an unreadable address is untaxed and has no province', () => {
    expect(taxForAddress(15000, 'somewhere')).toEqual({
      taxRate: 0,
      taxAmount: 0,
      province: null,
      isCanadian: false,
      components: [],
    });
    expect(taxForAddress(15000, null).taxAmount).toBe(0);
  });

  it('covers all 13 provinces and territories', () => {
    expect(Object.keys(CANADIAN_TAX_TABLE).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
  });

  it('lists GST and QST separately, each rounded to the cent', () => {
    const qc = taxForAddress(9999, '1 Rue Principale, Quebec, QC G1R 4P5');
    expect(qc.components).toEqual([
      { name: 'GST', rate: 5, amount: 500 },
      { name: 'QST', rate: 9.975, amount: 997 },
    ]);
    expect(qc.taxAmount).toBe(1497);
  });
});

describe('pricing', () => {
  const ontario = '120 King St W, Toronto, ON M5H 1J9';

  it('consult fee, revisit fee and the Nutrition complex formulation (+$75)', () => {
    expect(priceConsultation(fees, { type: 'consultation', clinicAddress: ontario }).totalAmount).toBe(16950);
    expect(priceConsultation(fees, { type: 'revisit', clinicAddress: ontario }).totalAmount).toBe(8475);
    const complex = priceConsultation(fees, {
      type: 'consultation',
      specialty: 'Nutrition',
      nutritionComplex: true,
      clinicAddress: ontario,
    });
    expect(complex).toMatchObject({ originalAmount: 22500, taxAmount: 2925, totalAmount: 25425 });
    // The complex fee belongs to Nutrition consults only.
    expect(
      priceConsultation(fees, {
        type: 'consultation',
        specialty: 'Cardiology',
        nutritionComplex: true,
        clinicAddress: ontario,
      }).originalAmount,
    ).toBe(15000);
  });

  it('tax is computed on the discounted amount', () => {
    const price = priceConsultation(fees, {
      type: 'consultation',
      coupon: { percentOff: 10, amountOff: null },
      clinicAddress: ontario,
    });
    expect(price).toMatchObject({
      originalAmount: 15000,
      discountAmount: 1500,
      subtotalAmount: 13500,
      taxAmount: 1755,
      totalAmount: 15255,
    });
  });

  it('a discount never exceeds the amount', () => {
    expect(couponDiscount({ percentOff: null, amountOff: 50000 }, 15000)).toBe(15000);
    expect(couponDiscount({ percentOff: 100, amountOff: null }, 15000)).toBe(15000);
    expect(couponDiscount({ percentOff: 33.3, amountOff: null }, 7500)).toBe(2498);
  });
});
