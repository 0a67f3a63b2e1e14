export interface RevisitSubmission {
  originalCaseUuid: string;
  specialistId: number | null;
  clinicalSigns: string;
  questions: string;
  paymentIntentId: string;
  couponCode: string | null;
  files: File[];
}

/** POST /api/cases/revisit (multipart, SPEC §7); answers with the new case. */
export async function submitRevisit(input: RevisitSubmission): Promise<{ uuid: string }> {
  const form = new FormData();
  form.set('originalCaseUuid', input.originalCaseUuid);
  if (input.specialistId) form.set('specialistId', String(input.specialistId));
  form.set('clinicalSigns', input.clinicalSigns);
  form.set('questions', input.questions);
  form.set('termsAccepted', 'true');
  form.set('paymentIntentId', input.paymentIntentId);
  if (input.couponCode) form.set('couponCode', input.couponCode);
  for (const file of input.files) form.append('files', file, file.name);
  const response = await fetch('/api/cases/revisit', { method: 'POST', body: form, credentials: 'include' });
  const body = (await response.json().catch(() => null)) as { message?: string; uuid?: string } | null;
  if (!response.ok || !body?.uuid) throw new Error(body?.message || 'Failed to submit revisit');
  return { uuid: body.uuid };
}
