import type { Urgency } from '@vetconsult/schema/urgency';
import { sendForm } from '../../../lib/file-transfer';

export interface RevisitSubmission {
  originalCaseUuid: string;
  specialistId: number | null;
  clinicalSigns: string;
  questions: string;
  paymentIntentId: string;
  couponCode: string | null;
  /** Issue 19: the urgency the payment was priced at. */
  urgency: Urgency;
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
  form.set('urgency', input.urgency);
  for (const file of input.files) form.append('files', file, file.name);
  const created = await sendForm<{ uuid?: string }>('POST', '/api/cases/revisit', form, 'Failed to submit revisit');
  if (!created?.uuid) throw new Error('Failed to submit revisit');
  return { uuid: created.uuid };
}
