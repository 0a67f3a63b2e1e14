import { text } from './text';
import { type CountryCode, PROVINCES, STATES } from './values';

// SPEC §2 "Structured address control" and §5 "Clinic address": one shared reading of an address string.

export const ADDRESS_FORMAT_MESSAGE =
  'Please enter a valid address format. Examples: 123 Main St, Toronto, ON M5V 3A8 or 350 Fifth Ave, New York, NY 10118';
export const POSTAL_CODE_MESSAGE = 'Please enter a valid Canadian postal code (e.g., M5V 3A8)';
export const ZIP_CODE_MESSAGE = 'Please enter a valid ZIP code (e.g., 10001 or 10001-1234)';

export const CANADIAN_POSTAL_CODE = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
export const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;

const COUNTRY_NAMES = ['canada', 'united states', 'united states of america', 'usa', 'us'];

function matchRegion(text: string, regions: ReadonlyArray<{ code: string; name: string }>): string | undefined {
  const lower = text.trim().toLowerCase();
  return regions.find((r) => r.code.toLowerCase() === lower || r.name.toLowerCase() === lower)?.code;
}

export interface ParsedAddress {
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: CountryCode;
}

/**
 * Reads 'street, city, PROV postal[, country]'. Returns null when the string is not a valid address by
 * the rules of SPEC §5: at least 3 parts, street >= 3, city >= 2, a Canadian province with a postal code
 * or a US state with a ZIP; a US ZIP with a Canadian province code is rejected.
 */
export function parseAddress(address: string): ParsedAddress | null {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  let countryHint: CountryCode | undefined;
  const last = parts.at(-1)?.toLowerCase();
  if (last && COUNTRY_NAMES.includes(last)) {
    countryHint = last === 'canada' ? 'CA' : 'US';
    parts.pop();
  }
  if (parts.length < 3) return null;
  const street = parts.slice(0, -2).join(', ');
  const city = parts.at(-2) ?? '';
  const regionPart = parts.at(-1) ?? '';
  if (street.length < 3 || city.length < 2) return null;

  const canadian = regionPart.match(/^(.+?)\s+([A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/);
  if (canadian && countryHint !== 'US') {
    const province = matchRegion(canadian[1] ?? '', PROVINCES);
    if (province) {
      return { street, city, province, postalCode: formatPostalCode(canadian[2] ?? ''), country: 'CA' };
    }
  }
  const american = regionPart.match(/^(.+?)\s+(\d{5}(?:-\d{4})?)$/);
  if (american && countryHint !== 'CA') {
    const state = matchRegion(american[1] ?? '', STATES);
    if (state) return { street, city, province: state, postalCode: american[2] ?? '', country: 'US' };
  }
  return null;
}

/** 'street, city, PROV postal', or '' until street, city, province and postal code are all filled. */
export function formatAddress(a: Omit<ParsedAddress, 'country'>): string {
  if (!a.street.trim() || !a.city.trim() || !a.province.trim() || !a.postalCode.trim()) return '';
  return `${a.street.trim()}, ${a.city.trim()}, ${a.province.trim()} ${a.postalCode.trim()}`;
}

/** Upper-cases a Canadian postal code and inserts the space after 3 characters once six are typed. */
export function formatPostalCode(value: string): string {
  const compact = value.toUpperCase().replace(/\s+/g, '');
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value.toUpperCase();
}

/** The province or state code of an address, for tax and display; null when unreadable. */
export function addressRegion(address: string | null | undefined): { region: string; country: CountryCode } | null {
  if (!address) return null;
  const parsed = parseAddress(address);
  return parsed ? { region: parsed.province, country: parsed.country } : null;
}

export const clinicAddressSchema = text({ error: ADDRESS_FORMAT_MESSAGE })
  .trim()
  .refine((value) => parseAddress(value) !== null, { error: ADDRESS_FORMAT_MESSAGE });
