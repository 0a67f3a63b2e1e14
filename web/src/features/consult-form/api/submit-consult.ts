import type { NewConsultInput } from '@vetconsult/schema/consult';

export interface ConsultSubmission {
  consult: NewConsultInput;
  files: File[];
  /** uuid of the case created from the draft. */
  caseId: string | null;
  paymentIntentId: string | null;
  couponCode: string | null;
  userId: number;
}

export interface SubmittedCase {
  uuid: string;
}

/**
 * POST /api/cases (multipart, SPEC §7): consult fields as text (nested objects as JSON text), the
 * diagnostic files, and paymentIntentId and couponCode on the final submit.
 */
export async function submitConsult({
  consult,
  files,
  caseId,
  paymentIntentId,
  couponCode,
  userId,
}: ConsultSubmission): Promise<SubmittedCase> {
  const form = new FormData();
  for (const [key, value] of Object.entries(consult)) {
    if (value === undefined || value === null) continue;
    form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.set('userId', String(userId));
  if (caseId) form.set('caseId', caseId);
  if (paymentIntentId) form.set('paymentIntentId', paymentIntentId);
  if (couponCode) form.set('couponCode', couponCode);
  for (const file of files) form.append('files', file, file.name);
  const response = await fetch('/api/cases', { method: 'POST', body: form, credentials: 'include' });
  const body = (await response.json().catch(() => null)) as { message?: string; uuid?: string } | null;
  if (!response.ok) throw new Error(body?.message || 'Failed to submit consult');
  return { uuid: body?.uuid ?? caseId ?? '' };
}
