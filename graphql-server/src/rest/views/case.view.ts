import { CASE_ROUTINGS, isOverdue, specialistNeed, URGENCIES } from '@vetconsult/schema/turnaround';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@vetconsult/schema/values';
import { z } from 'zod';
import type { Actor } from '../../domain/actor';
import type { CaseDetail } from '../../domain/cases/case-queries';
import {
  caseLabel,
  caseTitle,
  displayId,
  isRevisit,
  patientOf,
  readsDeclines,
  shortId,
} from '../../domain/cases/cases.rules';
import type { CaseFile } from '../../generated/prisma/client';
import { fileDownloadPath } from '../paths';

// The case object of the REST door: SPEC §3 Case fields, the vet with clinic details, the specialist's
// name, the files, plus what the older specialist view reads (title, description, vetName). The schemas
// are the contract of the routes that answer with them (rest/contract.ts); the views are typed by them.

const dateTime = z.iso.datetime();

export const caseFileViewSchema = z
  .object({
    id: z.number().int(),
    caseId: z.number().int(),
    filename: z.string(),
    originalName: z.string(),
    fileType: z.string(),
    fileSize: z.number().int(),
    fileCategory: z.enum(['input', 'summary', 'message']),
    url: z.string().describe('GET it to download the file (signed-in, with the case’s read rule).'),
    uploadedBy: z.number().int().nullable(),
    createdAt: dateTime,
  })
  .meta({ id: 'CaseFile' });
export type CaseFileView = z.infer<typeof caseFileViewSchema>;

const nullableText = z.string().nullable();

export const caseDeclineViewSchema = z
  .object({
    specialistId: z.number().int().nullable(),
    specialistName: nullableText,
    reason: z.string(),
    declinedAt: dateTime,
  })
  .meta({ id: 'CaseDecline' });

/** The answer to a decline: the declining specialist no longer reads the case, so not the case itself. */
export const declineResultViewSchema = z
  .object({ uuid: z.string(), status: z.enum(CASE_STATUSES), reason: z.string(), declinedAt: dateTime })
  .meta({ id: 'DeclineResult' });

export const caseViewSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    shortId: z.string(),
    displayId: z.string(),
    label: z.string(),
    isRevisit: z.boolean(),
    baseUuid: nullableText,
    revisionNumber: z.number().int(),
    originalCaseId: z.number().int().nullable(),
    revisitNumber: z.number().int(),
    vetId: z.number().int(),
    specialistId: z.number().int().nullable(),
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
    specialistResponses: z.unknown().describe('The answers to the specialist’s questions (JSON), or null.'),
    nutritionComplex: z.boolean(),
    termsAccepted: z.boolean(),
    status: z.enum(CASE_STATUSES),
    statusLabel: z.string(),
    summary: nullableText,
    isPaid: z.boolean(),
    stripePaymentIntentId: nullableText,
    paymentAmount: z.number().nullable(),
    version: z.number().int(),
    createdAt: dateTime,
    updatedAt: dateTime,
    acceptedAt: dateTime.nullable(),
    reviewedAt: dateTime.nullable(),
    urgency: z.enum(URGENCIES),
    routing: z.enum(CASE_ROUTINGS),
    activatedAt: dateTime.nullable().describe('When it was paid or submitted free; the clock starts here.'),
    dueAt: dateTime.nullable().describe('When the answer is due: activation + the urgency’s window.'),
    overdue: z.boolean().describe('Pending or in progress past its due time.'),
    cancelledAt: dateTime.nullable(),
    cancelReason: nullableText,
    specialistNeed: z
      .enum(['declined', 'unaccepted'])
      .nullable()
      .describe(
        'Why its veterinarian may move this paid, unaccepted case to another specialist now (declined, or no one accepted it within a quarter of its window); null otherwise.',
      ),
    declines: z
      .array(caseDeclineViewSchema)
      .describe(
        'Who declined this case and why, newest first (its veterinarian and the administrator; empty otherwise).',
      ),
    vet: z.object({
      id: z.number().int(),
      name: z.string(),
      clinicName: nullableText,
      clinicAddress: nullableText,
    }),
    specialist: z.object({ id: z.number().int(), name: z.string(), specialty: nullableText }).nullable(),
    files: z.array(caseFileViewSchema),
    title: z.string(),
    description: nullableText,
    vetName: z.string(),
  })
  .meta({ id: 'Case' });
export type CaseView = z.infer<typeof caseViewSchema>;

/** The columns a file's view shows (a case page reads no others: domain/cases/case-queries.ts caseDetailArgs). */
export type CaseFileFacts = Omit<CaseFile, 's3Key' | 'thumbnailKey' | 'messageId'>;

export function toCaseFileView(file: CaseFileFacts): CaseFileView {
  return {
    id: file.id,
    caseId: file.caseId,
    filename: file.filename,
    originalName: file.filename,
    fileType: file.fileType,
    fileSize: file.fileSize,
    fileCategory: file.fileCategory,
    url: fileDownloadPath(file.id),
    uploadedBy: file.uploadedById,
    createdAt: file.createdAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The case as `viewer` sees it (the declines are its veterinarian's and the administrator's) at `now`
 * (overdue, specialistNeed): a list passes one instant for all its cases.
 */
export function toCaseView(kase: CaseDetail, viewer: Actor | null, now = new Date()): CaseView {
  return {
    id: kase.id,
    uuid: kase.uuid,
    shortId: shortId(kase.uuid),
    displayId: displayId(kase),
    label: caseLabel(kase),
    isRevisit: isRevisit(kase),
    baseUuid: kase.baseUuid,
    revisionNumber: kase.revisionNumber,
    originalCaseId: kase.originalCaseId,
    revisitNumber: kase.revisitNumber,
    vetId: kase.vetId,
    specialistId: kase.specialistId,
    specialty: kase.specialty,
    ...patientOf(kase),
    clinicalSigns: kase.clinicalSigns,
    questions: kase.questions,
    specialistResponses: kase.specialistResponses,
    nutritionComplex: kase.nutritionComplex,
    termsAccepted: kase.termsAccepted,
    status: kase.status,
    statusLabel: CASE_STATUS_LABELS[kase.status] ?? kase.status,
    summary: kase.summary,
    isPaid: kase.isPaid,
    stripePaymentIntentId: kase.stripePaymentIntentId,
    paymentAmount: kase.paymentAmount,
    version: kase.version,
    createdAt: kase.createdAt.toISOString(),
    updatedAt: kase.updatedAt.toISOString(),
    acceptedAt: iso(kase.acceptedAt),
    reviewedAt: iso(kase.reviewedAt),
    urgency: kase.urgency,
    routing: kase.routing,
    activatedAt: iso(kase.activatedAt),
    dueAt: iso(kase.dueAt),
    overdue: isOverdue(kase.dueAt, kase.status, now),
    cancelledAt: iso(kase.cancelledAt),
    cancelReason: kase.cancelReason,
    specialistNeed: specialistNeed(kase, now),
    declines: readsDeclines(viewer, kase)
      ? kase.declines.map((decline) => ({
          specialistId: decline.specialistId,
          specialistName: decline.specialist?.name ?? null,
          reason: decline.reason,
          declinedAt: decline.createdAt.toISOString(),
        }))
      : [],
    // Written out, as every object of the view: its fields in the contract's order, whatever the row's.
    vet: {
      id: kase.vet.id,
      name: kase.vet.name,
      clinicName: kase.vet.clinicName,
      clinicAddress: kase.vet.clinicAddress,
    },
    specialist: kase.specialist
      ? { id: kase.specialist.id, name: kase.specialist.name, specialty: kase.specialist.specialty }
      : null,
    files: kase.files.map(toCaseFileView),
    // The older specialist view.
    title: caseTitle(kase),
    description: kase.clinicalSigns,
    vetName: kase.vet.name,
  };
}
