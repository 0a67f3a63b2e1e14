// Sales tax on a consultation, from the clinic's address (SPEC §9: the rate is shown as a percent with
// one decimal together with the province). Amounts in cents; rates kept in thousandths of a percent so
// that QST's 9.975% stays an integer and no float rounding reaches the cents.

export interface TaxComponent {
  /** GST, HST, PST, RST or QST. */
  name: string;
  /** Thousandths of a percent: 5000 = 5%, 9975 = 9.975%. */
  milliPercent: number;
}

/**
 * Canadian sales tax by province and territory — rates as of 2025-07-01 (Canada Revenue Agency GST/HST
 * rates page and the provincial finance ministries). Nova Scotia's HST went from 15% to 14% on
 * 2025-04-01. PST/RST/QST are listed as the combined rate the product charges on a consultation; whether
 * a provincial tax applies to a professional veterinary service is a policy decision to confirm with an
 * accountant — change it here, in this one table.
 */
export const CANADIAN_TAX_TABLE: Readonly<Record<string, readonly TaxComponent[]>> = {
  AB: [{ name: 'GST', milliPercent: 5000 }],
  BC: [
    { name: 'GST', milliPercent: 5000 },
    { name: 'PST', milliPercent: 7000 },
  ],
  MB: [
    { name: 'GST', milliPercent: 5000 },
    { name: 'RST', milliPercent: 7000 },
  ],
  NB: [{ name: 'HST', milliPercent: 15000 }],
  NL: [{ name: 'HST', milliPercent: 15000 }],
  NS: [{ name: 'HST', milliPercent: 14000 }],
  NT: [{ name: 'GST', milliPercent: 5000 }],
  NU: [{ name: 'GST', milliPercent: 5000 }],
  ON: [{ name: 'HST', milliPercent: 13000 }],
  PE: [{ name: 'HST', milliPercent: 15000 }],
  QC: [
    { name: 'GST', milliPercent: 5000 },
    { name: 'QST', milliPercent: 9975 },
  ],
  SK: [
    { name: 'GST', milliPercent: 5000 },
    { name: 'PST', milliPercent: 6000 },
  ],
  YT: [{ name: 'GST', milliPercent: 5000 }],
};

export interface TaxOptions {
  /**
   * US clinics are not taxed unless a state is configured here (state code -> thousandths of a
   * percent), e.g. where the operator has nexus and registered to collect.
   */
  usStateRates?: Readonly<Record<string, number>>;
}

export interface TaxResult {
  /** Percent, e.g. 13 or 14.975. */
  taxRate: number;
  /** Cents. */
  taxAmount: number;
  /** Province or state code, or null when the address cannot be read. */
  province: string | null;
  isCanadian: boolean;
  components: Array<{ name: string; rate: number; amount: number }>;
}

/** Rounds half away from zero to whole cents: amount × milliPercent / 100 000. */
function taxCents(amountCents: number, milliPercent: number): number {
  return Math.round((amountCents * milliPercent) / 100_000);
}

/** The tax on an amount (cents) for a province or state. */
export function taxForRegion(
  amountCents: number,
  region: { region: string; country: 'CA' | 'US' } | null,
  options: TaxOptions = {},
): TaxResult {
  if (!region) return { taxRate: 0, taxAmount: 0, province: null, isCanadian: false, components: [] };
  const isCanadian = region.country === 'CA';
  let parts: readonly TaxComponent[] = [];
  if (isCanadian) parts = CANADIAN_TAX_TABLE[region.region] ?? [];
  else {
    const configured = options.usStateRates?.[region.region];
    if (configured) parts = [{ name: 'Sales tax', milliPercent: configured }];
  }
  // Each component is rounded on its own, as the invoice lists them; the total is their sum.
  const components = parts.map((p) => ({
    name: p.name,
    rate: p.milliPercent / 1000,
    amount: taxCents(Math.max(0, amountCents), p.milliPercent),
  }));
  const milli = parts.reduce((sum, p) => sum + p.milliPercent, 0);
  return {
    taxRate: milli / 1000,
    taxAmount: components.reduce((sum, c) => sum + c.amount, 0),
    province: region.region,
    isCanadian,
    components,
  };
}
