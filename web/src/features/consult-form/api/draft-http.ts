// SPEC §3 "Draft server response" and §7 /api/consults/drafts: the shapes the draft calls share.

/** A draft as the server returns it: the form fields under their names, plus uuid and version. */
export interface DraftView {
  id: number;
  uuid: string;
  status: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  specialty: string | null;
  species: string | null;
  patientName: string | null;
  familyLastName: string | null;
  contactEmail: string | null;
  submittingDvm: string | null;
  dateOfBirth: string | null;
  sex: string | null;
  breed: string | null;
  spayNeuterStatus: string | null;
  age: number | null;
  ageUnit: string | null;
  clinicalSigns: string | null;
  questions: string | null;
  specificSpecialistId: number | null;
  termsAccepted: boolean | null;
  specialistResponses: unknown;
  nutritionComplex: boolean | null;
}

export class DraftHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Array<{ field?: string; message: string }> },
  ) {
    super(body.message || `${status}`);
    this.name = 'DraftHttpError';
  }
}

export async function draftRequest<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new DraftHttpError(response.status, parsed as DraftHttpError['body']);
  return parsed as T;
}
