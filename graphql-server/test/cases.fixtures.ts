import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '../src/generated/prisma/enums';
import type { Db } from '../src/lib/db/client';

// Shared fixtures of the cases, drafts and files tests: real file bytes, consult form fields, and rows
// for states other features (payments) produce.

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** The start of a Windows executable (MZ header), to be sent under an image name. */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62, 0x90),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200, 0),
]);

export function consultFields(specialistId: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    specialty: 'Cardiology',
    species: 'Canine',
    patientName: 'Biscuit',
    familyLastName: 'Tremblay',
    contactEmail: 'owner@example.com',
    submittingDvm: 'Dr. Vet',
    sex: 'Male',
    breed: 'Beagle',
    spayNeuterStatus: 'Neutered',
    age: '4',
    ageUnit: 'Years',
    clinicalSigns: 'Intermittent cough for three weeks, worse at night.',
    questions: 'Is this consistent with early mitral valve disease?',
    specificSpecialistId: String(specialistId),
    termsAccepted: 'true',
    specialistResponses: JSON.stringify([{ questionId: 1, questionText: 'Murmur grade?', answer: 'III/VI' }]),
    ...overrides,
  };
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

export function multipart(fields: Record<string, string>, files: UploadFile[] = [], fileField = 'files'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      fileField,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return form;
}

/** A case in any state, written directly (the states payment and earlier steps produce). */
export async function createCase(
  db: Db,
  data: { vetId: number; specialistId?: number | null; status?: CaseStatus; specialty?: string; patientName?: string },
) {
  return db.case.create({
    data: {
      vetId: data.vetId,
      specialistId: data.specialistId ?? null,
      status: data.status ?? 'pending',
      specialty: data.specialty ?? 'Cardiology',
      patientName: data.patientName ?? 'Rex',
      familyLastName: 'Martin',
      species: 'Canine',
      breed: 'Labrador',
      isPaid: data.status !== 'draft' && data.status !== 'pending_payment',
      termsAccepted: true,
    },
  });
}

/** A payment as the payments module records it once the provider confirms it. */
export async function succeededPayment(
  db: Db,
  data: { caseId: number; userId: number; type?: 'consultation' | 'revisit' },
) {
  return db.payment.create({
    data: {
      caseId: data.caseId,
      userId: data.userId,
      type: data.type ?? 'consultation',
      provider: 'test',
      providerPaymentIntentId: `pi_test_${randomUUID()}`,
      status: 'succeeded',
      // Ontario prices (13% HST): what a real intent for this kind records.
      ...(data.type === 'revisit'
        ? { originalAmount: 7500, taxAmount: 975, totalAmount: 8475 }
        : { originalAmount: 15000, taxAmount: 1950, totalAmount: 16950 }),
    },
  });
}
