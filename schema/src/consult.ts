import { z } from 'zod';
import { INVALID_CURSOR, text, UUID_PATTERN, withinRowIds } from './text';
import { urgencySchema } from './turnaround';
import { AGE_UNITS, CASE_STATUSES, SEXES, SPAY_NEUTER_STATUSES, SPECIALTIES, SPECIES } from './values';

// SPEC §5 "New-consult form", "Revisit form", "Review": the one copy of these rules,
// used by the web forms (zodResolver), the GraphQL validation plugin and the REST handlers. REST
// multipart bodies carry every value as text, so numbers and booleans accept their text form too.

// --- text-tolerant primitives -------------------------------------------------------------------------

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const textToNumber = (value: unknown) => {
  const v = emptyToUndefined(value);
  return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
};
const textToBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const requiredText = (required: string, min: number, tooShort: string) =>
  text({ error: required }).trim().min(1, { error: required }).min(min, { error: tooShort }).max(5000);

/** [{ questionId, questionText, answer }]: answers to the chosen specialist's extra questions. */
export const specialistResponsesSchema = z.preprocess(
  jsonText,
  z
    .array(
      z.object({
        questionId: withinRowIds(z.coerce.number().int(), 'Invalid question').optional(),
        questionText: text().max(1000).optional(),
        answer: text().max(5000).default(''),
      }),
    )
    .max(50),
);

// --- new consult (final submission) -------------------------------------------------------------------

// Issue 19: a consult goes to a named specialist or to the first available specialist of its specialty,
// exactly one of the two. The fields are a plain object so the submission can extend them (zod 4 refuses
// `.extend` on a refined schema); the choice's refinement is added to each schema built from them.

export const ROUTING_CHOICE_MESSAGES = {
  chooseOne: 'Please select a specialist or the first available specialist',
  notBoth: 'Choose a specialist or the first available one, not both',
} as const;

/** The consult's specialist when it is named; absent with first-available routing. */
const chosenSpecialistId = z.preprocess(
  (value) => (value === 0 || value === '0' ? undefined : textToNumber(value)),
  withinRowIds(
    z.number({ error: 'Please select a specialist' }).int().min(1, { error: 'Please select a specialist' }),
    'Please select a specialist',
  ).optional(),
);
const firstAvailableChoice = z.preprocess(
  (value) => textToBoolean(emptyToUndefined(value)),
  z.boolean({ error: 'firstAvailable must be true or false' }).optional(),
);

/** Exactly one of a named specialist and the first available one (`required`: one must be chosen). */
const routingChoice =
  (required: boolean) =>
  (value: { specificSpecialistId?: number | null; firstAvailable?: boolean | null }, ctx: z.core.$RefinementCtx) => {
    const named = typeof value.specificSpecialistId === 'number' && value.specificSpecialistId > 0;
    if (value.firstAvailable && named) {
      ctx.addIssue({ code: 'custom', path: ['specificSpecialistId'], message: ROUTING_CHOICE_MESSAGES.notBoth });
    } else if (required && !value.firstAvailable && !named) {
      ctx.addIssue({ code: 'custom', path: ['specificSpecialistId'], message: ROUTING_CHOICE_MESSAGES.chooseOne });
    }
  };

const newConsultFields = z.object({
  // One of the known specialties, exactly (prices and assignment depend on it: issue 21 item 1(d)).
  specialty: z.enum(SPECIALTIES, { error: 'Please select a specialty' }),
  species: z.enum(SPECIES, { error: 'Please select a species' }),
  patientName: requiredText('Patient name is required', 2, 'Patient name must be at least 2 characters'),
  familyLastName: requiredText('Family name is required', 2, 'Family name must be at least 2 characters'),
  contactEmail: text({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  submittingDvm: requiredText('Submitting DVM is required', 2, 'Submitting DVM must be at least 2 characters'),
  dateOfBirth: z.preprocess(emptyToUndefined, text().trim().max(40).optional()),
  sex: z.enum(SEXES, { error: 'Please select animal sex' }),
  breed: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  spayNeuterStatus: z.preprocess(emptyToUndefined, z.enum(SPAY_NEUTER_STATUSES).optional()),
  age: z.preprocess(
    textToNumber,
    z
      .number({ error: 'Age must be greater than 0' })
      .min(0.1, { error: 'Age must be greater than 0' })
      .max(50, { error: 'Please enter a valid age' }),
  ),
  ageUnit: z.enum(AGE_UNITS, { error: 'Please select an age unit' }),
  clinicalSigns: text({ error: 'Please provide more detailed clinical signs (at least 10 characters)' })
    .trim()
    .min(10, { error: 'Please provide more detailed clinical signs (at least 10 characters)' })
    .max(20000),
  questions: text({ error: 'Please provide more detailed questions (at least 10 characters)' })
    .trim()
    .min(10, { error: 'Please provide more detailed questions (at least 10 characters)' })
    .max(20000),
  specificSpecialistId: chosenSpecialistId,
  /** Issue 19: offered to every available specialist of the specialty instead of a named one. */
  firstAvailable: firstAvailableChoice,
  termsAccepted: z.preprocess(
    textToBoolean,
    z.literal(true, { error: 'You must accept the terms and conditions to proceed' }),
  ),
  specialistResponses: specialistResponsesSchema.optional(),
  nutritionComplex: z.preprocess(textToBoolean, z.boolean().optional()),
  /** Issue 19: Routine when absent. */
  urgency: urgencySchema,
});

export const newConsultSchema = newConsultFields.superRefine(routingChoice(true));
export type NewConsultInput = z.infer<typeof newConsultSchema>;

/** The consult fields the final submission may carry besides the form (SPEC §7 POST /api/cases). */
export const consultSubmissionSchema = newConsultFields
  .extend({
    /** The draft or pending-payment case this submission completes (uuid), when the client has one. */
    caseId: z.preprocess(emptyToUndefined, text().trim().max(64).optional()),
    paymentIntentId: z.preprocess(emptyToUndefined, text().trim().max(200).optional()),
    couponCode: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  })
  .superRefine(routingChoice(true));
export type ConsultSubmissionInput = z.infer<typeof consultSubmissionSchema>;

// --- draft: every field optional ----------------------------------------------------------------------

const optionalText = (max: number) => z.preprocess(emptyToUndefined, text().trim().max(max).optional());

const draftFields = z.object({
  specialty: z.preprocess(emptyToUndefined, z.enum(SPECIALTIES, { error: 'Please select a specialty' }).optional()),
  species: z.preprocess(emptyToUndefined, z.enum(SPECIES, { error: 'Please select a species' }).optional()),
  patientName: optionalText(200),
  familyLastName: optionalText(200),
  contactEmail: text()
    .trim()
    .pipe(z.union([z.literal(''), z.email({ error: 'Please enter a valid email address' })]))
    .optional()
    .nullable(),
  submittingDvm: optionalText(200),
  dateOfBirth: optionalText(40),
  sex: z.preprocess(emptyToUndefined, z.enum(SEXES, { error: 'Please select animal sex' }).optional()),
  breed: optionalText(100),
  spayNeuterStatus: z.preprocess(emptyToUndefined, z.enum(SPAY_NEUTER_STATUSES).optional()),
  age: z.preprocess(
    textToNumber,
    z
      .number({ error: 'Please enter a valid age' })
      .min(0, { error: 'Please enter a valid age' })
      .max(50, { error: 'Please enter a valid age' })
      .optional(),
  ),
  ageUnit: z.preprocess(emptyToUndefined, z.enum(AGE_UNITS).optional()),
  clinicalSigns: optionalText(20000),
  questions: optionalText(20000),
  specificSpecialistId: z.preprocess(
    textToNumber,
    withinRowIds(
      z.number({ error: 'Please select a specialist' }).int().min(0),
      'Please select a specialist',
    ).optional(),
  ),
  firstAvailable: firstAvailableChoice,
  termsAccepted: z.preprocess(textToBoolean, z.boolean().optional()),
  specialistResponses: specialistResponsesSchema.optional(),
  nutritionComplex: z.preprocess(textToBoolean, z.boolean().optional()),
  urgency: urgencySchema,
});

/** A draft may have no specialist yet, but never both a named one and the first available one. */
export const draftSchema = draftFields.superRefine(routingChoice(false));
export type DraftInput = z.infer<typeof draftSchema>;

export const draftUpdateSchema = draftFields
  .extend({
    version: z.preprocess(
      textToNumber,
      withinRowIds(
        z.number({ error: 'The draft version is required' }).int({ error: 'The draft version is required' }).min(1),
        'The draft version is required',
      ),
    ),
  })
  .superRefine(routingChoice(false));
export type DraftUpdateInput = z.infer<typeof draftUpdateSchema>;

/** The draft fields, in the order a conflict lists them. */
export const DRAFT_FIELDS = Object.keys(draftFields.shape) as Array<keyof DraftInput>;

// --- revisit ------------------------------------------------------------------------------------------

export const revisitSchema = z.object({
  originalCaseUuid: text({ error: 'The case to revisit is required' }).trim().min(1, {
    error: 'The case to revisit is required',
  }),
  specialistId: z.preprocess(textToNumber, withinRowIds(z.number().int().min(1), 'Invalid specialist').optional()),
  clinicalSigns: text({ error: 'Clinical signs must be at least 10 characters' })
    .trim()
    .min(10, { error: 'Clinical signs must be at least 10 characters' })
    .max(20000),
  questions: text({ error: 'Questions must be at least 10 characters' })
    .trim()
    .min(10, { error: 'Questions must be at least 10 characters' })
    .max(20000),
  termsAccepted: z.preprocess(textToBoolean, z.literal(true, { error: 'You must accept the terms and conditions' })),
  paymentIntentId: z.preprocess(emptyToUndefined, text().trim().max(200).optional()),
  couponCode: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  /** Issue 19: Routine when absent; the revisit's payment is priced at the same urgency. */
  urgency: urgencySchema,
});
export type RevisitInput = z.infer<typeof revisitSchema>;

// --- review -------------------------------------------------------------------------------------------

export const REVIEW_SUMMARY_REQUIRED = 'Please provide a summary before submitting';

export const reviewSchema = z.object({
  summary: text({ error: REVIEW_SUMMARY_REQUIRED }).trim().min(1, { error: REVIEW_SUMMARY_REQUIRED }).max(50000),
  specialistId: z.preprocess(textToNumber, withinRowIds(z.number().int(), 'Invalid specialist').optional()),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The specialist's summary while it is being written (autosaved; empty text is kept as "no draft"). */
export const summaryDraftSchema = z.object({
  summary: z.string().max(50000, { error: 'The summary is too long' }),
});

// --- lists --------------------------------------------------------------------------------------------

/** SPEC §2 /consults: the status tabs (all = no filter). */
export const CASE_STATUS_FILTERS = [...CASE_STATUSES, 'all'] as const;
export type CaseStatusFilter = (typeof CASE_STATUS_FILTERS)[number];

export const caseSearchSchema = z.object({
  /** Pet name, family name, species, breed or case id (the first characters of the uuid). */
  search: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(CASE_STATUS_FILTERS, { error: 'Unknown status' }).optional()),
  first: z.preprocess(textToNumber, z.number().int().min(1).max(100).optional()),
  /** uuid of the last case of the previous page. */
  after: z.preprocess(emptyToUndefined, text().trim().regex(UUID_PATTERN, { error: INVALID_CURSOR }).optional()),
});
export type CaseSearchInput = z.infer<typeof caseSearchSchema>;
