// The value lists of SPEC §3, in one place for the server, the web client and the seed.

export const ROLES = ['VETERINARIAN', 'SPECIALIST'] as const;
export type RegistrableRole = (typeof ROLES)[number];

export const CASE_STATUSES = ['draft', 'pending_payment', 'pending', 'accepted', 'reviewed', 'cancelled'] as const;
export type CaseStatusValue = (typeof CASE_STATUSES)[number];

/**
 * Labels of SPEC §2 /consults; any other status shows its raw value. A case awaiting payment reads
 * 'Awaiting payment' everywhere (issue 22 item 2) rather than the raw pending_payment.
 */
export const CASE_STATUS_LABELS: Partial<Record<CaseStatusValue, string>> = {
  pending_payment: 'Awaiting payment',
  pending: 'Pending',
  accepted: 'In Progress',
  reviewed: 'Completed',
  cancelled: 'Cancelled',
};

/** The 11 specialties of the consult form's picker (SPEC §3). */
export const FORM_SPECIALTIES = [
  'Anesthesia',
  'Cardiology',
  'Critical Care',
  'Dermatology',
  'Internal Medicine',
  'Surgery',
  'Surgical Oncology',
  'Avian & Exotic Medicine',
  'Neurology',
  'Oncology',
  'Other',
] as const;

/**
 * Every specialty a specialist may hold: the union of both lists of SPEC §3 (the "seen" list and the
 * form picker), plus Nutrition, which the spec uses as a specialty too.
 */
export const SPECIALTIES = [
  'Anesthesia',
  'Avian & Exotic Medicine',
  'Cardiology',
  'Critical Care',
  'Dentistry',
  'Dermatology',
  'Internal Medicine',
  'Neurology',
  'Nutrition',
  'Oncology',
  'Rehabilitation',
  'Surgery',
  'Surgical Oncology',
  'Other',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const SPECIES = ['Canine', 'Feline', 'Avian', 'Exotic', 'Equine', 'Other'] as const;
export const SEXES = ['Male', 'Female', 'Unknown'] as const;
export const SPAY_NEUTER_STATUSES = ['Intact', 'Spayed', 'Neutered', 'Unknown'] as const;
export const AGE_UNITS = ['Years', 'Months', 'Weeks', 'Days'] as const;

export const DEFAULT_TIMEZONE = 'America/Toronto';
export const TIMEZONES = [
  { value: 'America/Toronto', label: 'Toronto (Eastern)' },
  { value: 'America/Vancouver', label: 'Vancouver (Pacific)' },
  { value: 'America/Edmonton', label: 'Edmonton (Mountain)' },
  { value: 'America/Winnipeg', label: 'Winnipeg (Central)' },
  { value: 'America/Halifax', label: 'Halifax (Atlantic)' },
  { value: 'America/St_Johns', label: "St. John's (Newfoundland)" },
  { value: 'America/New_York', label: 'New York (Eastern)' },
  { value: 'America/Chicago', label: 'Chicago (Central)' },
  { value: 'America/Denver', label: 'Denver (Mountain)' },
  { value: 'America/Los_Angeles', label: 'Los Angeles (Pacific)' },
  { value: 'Europe/London', label: 'London (GMT)' },
  { value: 'Europe/Paris', label: 'Paris (CET)' },
  { value: 'Asia/Tokyo', label: 'Tokyo (JST)' },
  { value: 'Australia/Sydney', label: 'Sydney (AEST)' },
] as const;

export const COUNTRIES = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['value'];
export const DEFAULT_COUNTRY: CountryCode = 'CA';

/** The 13 Canadian provinces and territories. */
export const PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

/** The 50 US states. */
export const STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

/** Row ids are PostgreSQL integers: a larger number names no row (and must not reach the database). */
export const MAX_ROW_ID = 2_147_483_647;
export const isRowId = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID;

/**
 * SPEC §9 business constants that the web client and the server share. Upload limits live with their
 * rules in consult.ts, the reset link's lifetime in the auth service, the nutrition fee in pricing.ts.
 */
export const LIMITS = {
  onboardingSteps: 3,
  draftAutosaveMs: 3000,
  shortIdLength: 8,
  caseTitleMax: 50,
  dashboardDrafts: 3,
  dashboardRecent: 5,
  profilePhotoMaxBytes: 10 * 1024 * 1024,
} as const;

/** Polling intervals of SPEC §9, used by the web client only while its live socket is down. */
export const POLLING_MS = {
  cases: 30_000,
  availableCases: 15_000,
  drafts: 60_000,
  stats: 30_000,
  pendingSpecialists: 30_000,
} as const;

export function shortId(uuid: string): string {
  return uuid.slice(0, LIMITS.shortIdLength);
}
