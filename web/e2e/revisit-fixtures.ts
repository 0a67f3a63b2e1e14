import { type APIRequestContext, expect } from '@playwright/test';
import { apiSession, prepareCase, userId } from './case-fixtures';
import { unique } from './support';

// A reviewed case with a summary and an input file, and a paid revisit of it (FREECONSULT), made
// through the REST API as the screens would, for the specs that need a revisit page to look at.

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${response.url()} ${response.status()}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

export interface ReviewedWithRevisit {
  original: ReviewedCase;
  revisit: { uuid: string };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface ReviewedCase {
  uuid: string;
  patientName: string;
  summary: string;
  fileName: string;
}

/** `vet` submits and pays a case (with one PNG) to `specialist`, who accepts and reviews it. */
export async function reviewedCase(
  baseURL: string,
  vet: { username: string },
  specialist: { username: string; specialty: string },
): Promise<ReviewedCase> {
  const vetApi = await apiSession(baseURL, vet.username);
  const specApi = await apiSession(baseURL, specialist.username);
  try {
    const specialistId = await userId(specApi);
    const prepared = await prepareCase(vetApi, { id: specialistId, specialty: specialist.specialty }, unique('Rex'));
    await prepared.activate();
    const fileName = 'thoracic-radiograph.png';
    await ok(
      await vetApi.post(`/api/cases/${prepared.uuid}/files`, {
        multipart: { files: { name: fileName, mimeType: 'image/png', buffer: PNG } },
      }),
    );
    await ok(await specApi.post(`/api/cases/${prepared.uuid}/accept`, { data: { specialistId } }));
    const summary = 'Findings fit early degenerative mitral valve disease; recheck echocardiogram in six months.';
    await ok(
      await specApi.post(`/api/cases/${prepared.uuid}/review`, {
        multipart: { summary, specialistId: String(specialistId) },
      }),
    );
    return { uuid: prepared.uuid, patientName: prepared.patientName, summary, fileName };
  } finally {
    await vetApi.dispose();
    await specApi.dispose();
  }
}

/** A reviewed case (above), then `vet` revisits it with the FREECONSULT coupon. */
export async function reviewedCaseWithRevisit(
  baseURL: string,
  vet: { username: string },
  specialist: { username: string; specialty: string },
): Promise<ReviewedWithRevisit> {
  const original = await reviewedCase(baseURL, vet, specialist);
  const vetApi = await apiSession(baseURL, vet.username);
  try {
    const intent = await ok<{ paymentIntentId: string }>(
      await vetApi.post('/api/payment/create-payment-intent', {
        data: { type: 'revisit', caseId: original.uuid, couponCode: 'FREECONSULT' },
      }),
    );
    // As the free-consultation card does: confirm (no card is charged), then submit the revisit.
    await ok(await vetApi.post('/api/payment/confirm-payment', { data: { paymentIntentId: intent.paymentIntentId } }));
    const revisit = await ok<{ uuid: string }>(
      await vetApi.post('/api/cases/revisit', {
        multipart: {
          originalCaseUuid: original.uuid,
          clinicalSigns: 'Cough improved on pimobendan, new exercise intolerance this week.',
          questions: 'Should we add furosemide now or recheck radiographs first?',
          termsAccepted: 'true',
          paymentIntentId: intent.paymentIntentId,
          couponCode: 'FREECONSULT',
        },
      }),
    );
    return { original, revisit };
  } finally {
    await vetApi.dispose();
  }
}
