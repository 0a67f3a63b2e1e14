import { URGENCIES } from '@vetconsult/schema/turnaround';
import { CASE_STATUSES } from '@vetconsult/schema/values';
import { z } from 'zod';
import type { DraftView } from '../../domain/cases/drafts.service';
import type { SameShape } from '../contract';

// A draft consultation as the REST door answers it (toDraftView in the drafts service), as a schema.

const nullableText = z.string().nullable();

export const draftViewSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    status: z.enum(CASE_STATUSES),
    version: z.number().int().describe('Send it back with the next save: a stale version is answered 409.'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    specialty: nullableText,
    patientName: nullableText,
    familyLastName: nullableText,
    contactEmail: nullableText,
    submittingDvm: nullableText,
    dateOfBirth: nullableText,
    species: nullableText,
    sex: nullableText,
    breed: nullableText,
    spayNeuterStatus: nullableText,
    age: z.number().nullable(),
    ageUnit: nullableText,
    clinicalSigns: nullableText,
    questions: nullableText,
    specificSpecialistId: z.number().int().nullable(),
    firstAvailable: z.boolean().describe('Issue 19: sent to the first available specialist of the specialty.'),
    termsAccepted: z.boolean(),
    specialistResponses: z.unknown().describe('The answers to the specialist’s questions (JSON), or null.'),
    nutritionComplex: z.boolean(),
    urgency: z.enum(URGENCIES),
  })
  .meta({ id: 'Draft' });

/** The draft fields are typed `unknown` by the service: at least the field names must agree. */
export const draftViewMatches: SameShape<keyof z.infer<typeof draftViewSchema>, keyof DraftView> = true;
