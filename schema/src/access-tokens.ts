import { z } from 'zod';
import { text, withinRowIds } from './text';

// Issue 20, personal access tokens: the one copy of their input rules and texts, used by the Settings
// form (react-hook-form + zodResolver), the GraphQL mutation and the REST route through the service.

export const ACCESS_TOKEN_PREFIX = 'vcpat_';
export const ACCESS_TOKEN_NAME_MAX = 80;
/** The latest expiry a token may be given, in days from now. */
export const ACCESS_TOKEN_MAX_DAYS = 366;

export const ACCESS_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];
export const ACCESS_TOKEN_SCOPE_LABELS: Record<AccessTokenScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

/** The expiries the Settings form offers, in days (null: never expires). */
export const ACCESS_TOKEN_EXPIRY_CHOICES = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: 'never', label: 'No expiry', days: null },
] as const;
export type AccessTokenExpiryChoice = (typeof ACCESS_TOKEN_EXPIRY_CHOICES)[number]['value'];

export const TOKEN_NAME_REQUIRED = 'Please give the token a name';
export const TOKEN_NAME_TOO_LONG = `A token name can be at most ${ACCESS_TOKEN_NAME_MAX} characters`;
export const TOKEN_SCOPE_INVALID = 'Choose read only or read and write';
export const TOKEN_EXPIRY_PAST = 'The expiry date must be in the future';
export const TOKEN_EXPIRY_TOO_FAR = 'A token can be valid for at most one year';
export const INVALID_TOKEN_ID = 'Invalid token id';

const tokenName = text({ error: TOKEN_NAME_REQUIRED })
  .trim()
  .min(1, { error: TOKEN_NAME_REQUIRED })
  .max(ACCESS_TOKEN_NAME_MAX, { error: TOKEN_NAME_TOO_LONG });
const tokenScope = z.enum(ACCESS_TOKEN_SCOPES, { error: TOKEN_SCOPE_INVALID });

/** A new token as the API receives it: the expiry is an instant (absent or null: never expires). */
export const createAccessTokenSchema = z.object({
  name: tokenName,
  scope: tokenScope,
  expiresAt: z
    .union([z.date(), z.iso.datetime({ offset: true }).transform((value) => new Date(value))], {
      error: 'The expiry must be a date and time, e.g. 2027-01-31T00:00:00Z',
    })
    .nullish()
    .refine((date) => date == null || date.getTime() > Date.now(), { error: TOKEN_EXPIRY_PAST })
    .refine((date) => date == null || date.getTime() <= Date.now() + ACCESS_TOKEN_MAX_DAYS * 86_400_000, {
      error: TOKEN_EXPIRY_TOO_FAR,
    }),
});
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenSchema>;

/** The Settings form: the same name and scope rules, the expiry as one of the offered choices. */
export const accessTokenFormSchema = z.object({
  name: tokenName,
  scope: tokenScope,
  expiry: z.enum(['30', '90', '365', 'never']),
});
export type AccessTokenForm = z.infer<typeof accessTokenFormSchema>;

/** The instant a form's expiry choice stands for, counted from `now`. */
export function expiryFromChoice(choice: AccessTokenExpiryChoice, now = new Date()): Date | null {
  const days = ACCESS_TOKEN_EXPIRY_CHOICES.find((c) => c.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

export const accessTokenIdSchema = z.object({
  id: withinRowIds(
    z.coerce.number({ error: INVALID_TOKEN_ID }).int({ error: INVALID_TOKEN_ID }).min(1, { error: INVALID_TOKEN_ID }),
    INVALID_TOKEN_ID,
  ),
});
