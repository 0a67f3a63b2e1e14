import { isOverdue } from '@vetconsult/schema/turnaround';
import { CASE_STATUS_LABELS } from '@vetconsult/schema/values';
import type { CaseDetail } from '../../domain/cases/case-queries';
import { caseLabel, caseTitle, displayId, isRevisit, patientOf, shortId } from '../../domain/cases/cases.rules';
import type { CaseFile } from '../../generated/prisma/client';
import { fileDownloadPath } from '../paths';

// The case object of the REST door: SPEC §3 Case fields, the vet with clinic details, the specialist's
// name, the files, plus what the older specialist view reads (title, description, vetName).

export function toCaseFileView(file: CaseFile) {
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

export function toCaseView(kase: CaseDetail) {
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
    overdue: isOverdue(kase.dueAt, kase.status, new Date()),
    cancelledAt: iso(kase.cancelledAt),
    cancelReason: kase.cancelReason,
    vet: kase.vet,
    specialist: kase.specialist,
    files: kase.files.map(toCaseFileView),
    // The older specialist view.
    title: caseTitle(kase),
    description: kase.clinicalSigns,
    vetName: kase.vet.name,
  };
}
