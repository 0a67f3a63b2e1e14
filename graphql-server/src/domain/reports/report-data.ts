import { createHash } from 'node:crypto';
import type { Db } from '../../lib/db/client';
import { caseLabel, displayId, isRevisit, type PatientFacts, patientOf } from '../cases/cases.rules';

// What a consultation report shows, read in one go: the case with its clinic, veterinarian, specialist,
// files, and the revisit chain it belongs to. Plain data (no formatting), so its hash says whether a
// stored PDF still shows the current state.

export interface ReportFile {
  filename: string;
  fileType: string;
  fileSize: number;
  createdAt: Date;
}

export interface ReportRevisit {
  displayId: string;
  label: string;
  status: string;
  createdAt: Date;
  reviewedAt: Date | null;
  /** This report's own case in the chain. */
  current: boolean;
}

export interface ReportResponse {
  questionText: string;
  answer: string;
}

export interface ReportData {
  uuid: string;
  displayId: string;
  label: string;
  clinic: { name: string | null; address: string | null };
  veterinarian: { name: string; email: string };
  patient: PatientFacts;
  specialty: string | null;
  specialist: string | null;
  clinicalSigns: string | null;
  questions: string | null;
  responses: ReportResponse[];
  summary: string | null;
  diagnosticFiles: ReportFile[];
  attachments: ReportFile[];
  submittedAt: Date;
  acceptedAt: Date | null;
  reviewedAt: Date | null;
  revisits: ReportRevisit[];
}

function responsesOf(value: unknown): ReportResponse[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { questionText, answer } = entry as { questionText?: unknown; answer?: unknown };
    return [{ questionText: String(questionText ?? ''), answer: String(answer ?? '') }];
  });
}

const fileSelect = { filename: true, fileType: true, fileSize: true, createdAt: true, fileCategory: true } as const;

/** The report's data for one case (by id), or null when the case does not exist. */
export async function loadReportData(db: Db, caseId: number): Promise<ReportData | null> {
  const kase = await db.case.findUnique({
    where: { id: caseId },
    include: {
      vet: { select: { name: true, email: true, clinicName: true, clinicAddress: true } },
      specialist: { select: { name: true } },
      files: { select: fileSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!kase) return null;
  const baseUuid = kase.baseUuid ?? kase.uuid;
  const chain = await db.case.findMany({
    where: { OR: [{ uuid: baseUuid }, { baseUuid }], status: { notIn: ['draft', 'pending_payment'] } },
    select: {
      uuid: true,
      status: true,
      createdAt: true,
      reviewedAt: true,
      originalCaseId: true,
      revisitNumber: true,
      baseUuid: true,
      revisionNumber: true,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const strip = ({ fileCategory: _category, ...file }: ReportFile & { fileCategory: string }) => file;
  return {
    uuid: kase.uuid,
    displayId: displayId(kase),
    label: caseLabel(kase),
    clinic: { name: kase.vet.clinicName, address: kase.vet.clinicAddress },
    veterinarian: { name: kase.vet.name, email: kase.vet.email },
    patient: patientOf(kase),
    specialty: kase.specialty,
    specialist: kase.specialist?.name ?? null,
    clinicalSigns: kase.clinicalSigns,
    questions: kase.questions,
    responses: responsesOf(kase.specialistResponses),
    summary: kase.summary,
    diagnosticFiles: kase.files.filter((f) => f.fileCategory === 'input').map(strip),
    attachments: kase.files.filter((f) => f.fileCategory === 'summary').map(strip),
    submittedAt: kase.createdAt,
    acceptedAt: kase.acceptedAt,
    reviewedAt: kase.reviewedAt,
    // A lone new consult has no history to show.
    revisits:
      chain.length > 1 || isRevisit(kase)
        ? chain.map((entry) => ({
            displayId: displayId(entry),
            label: caseLabel(entry),
            status: entry.status,
            createdAt: entry.createdAt,
            reviewedAt: entry.reviewedAt,
            current: entry.uuid === kase.uuid,
          }))
        : [],
  };
}

/** Bump when the layout changes, so stored reports are rendered again. */
export const REPORT_LAYOUT_VERSION = 1;

/** A short hash of what a PDF shows (data, reader's time zone, layout): part of its storage key. */
export function reportFingerprint(data: ReportData, timeZone: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ data, timeZone, layout: REPORT_LAYOUT_VERSION }))
    .digest('hex')
    .slice(0, 20);
}
