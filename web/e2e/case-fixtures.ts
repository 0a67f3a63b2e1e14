import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, unique } from './support';

// Cases for the case and live specs, made through the REST API as the payment UI would: a draft, then
// start-payment, a payment intent, the built-in test provider's card, and confirm-payment (which
// activates the case: pending_payment -> pending).

export const OKAFOR = { username: 'dr.okafor', specialty: 'Internal Medicine' };
export const PATEL = { username: 'dr.patel', specialty: 'Cardiology' };
/** The second seeded veterinarian: the cases these specs create are hers, so dr.martin's lists stay as seeded. */
export const NGUYEN = { username: 'dr.nguyen', clinicName: 'Harborview Veterinary Clinic' };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${response.url()} ${response.status()}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** An API client with its own cookie jar, signed in as `username`. */
export async function apiSession(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const api = await playwrightRequest.newContext({ baseURL });
  await ok(await api.post('/api/auth/login', { data: { username, password } }));
  return api;
}

export async function userId(api: APIRequestContext): Promise<number> {
  const response = await api.post('/graphql', { data: { query: '{ me { id } }' } });
  const body = (await ok<{ data: { me: { id: number } } }>(response)).data;
  return body.me.id;
}

export interface PreparedCase {
  uuid: string;
  patientName: string;
  paymentIntentId: string;
  /** Pays by test card (which activates the case: pending, it reaches the specialist) and confirm-payment. */
  activate(): Promise<void>;
}

/** A case waiting for payment (pending_payment): `activate()` pays by card and confirms, making it pending. */
export async function prepareCase(
  vet: APIRequestContext,
  specialist: { id: number; specialty: string },
  patientName = unique('Pet'),
  urgency: 'routine' | 'priority' | 'stat' = 'routine',
): Promise<PreparedCase> {
  const draft = await ok<{ uuid: string }>(
    await vet.post('/api/consults/drafts', {
      data: {
        specialty: specialist.specialty,
        species: 'Canine',
        patientName,
        familyLastName: 'Live',
        contactEmail: 'owner@example.com',
        submittingDvm: 'Dr. Nguyen',
        sex: 'Male',
        breed: 'Beagle',
        age: 4,
        ageUnit: 'Years',
        clinicalSigns: 'Intermittent coughing at night for two weeks, worse after exercise.',
        questions: 'Which diagnostics would you prioritise, and is an echocardiogram warranted?',
        specificSpecialistId: specialist.id,
        termsAccepted: true,
        urgency,
      },
    }),
  );
  await ok(await vet.post(`/api/consults/drafts/${draft.uuid}/start-payment`));
  const intent = await ok<{ paymentIntentId: string }>(
    await vet.post('/api/payment/create-payment-intent', { data: { type: 'consultation', caseId: draft.uuid } }),
  );
  return {
    uuid: draft.uuid,
    patientName,
    paymentIntentId: intent.paymentIntentId,
    activate: async () => {
      await ok(
        await vet.post('/api/payment/test-provider/confirm', {
          data: {
            paymentIntentId: intent.paymentIntentId,
            cardNumber: '4242424242424242',
            expMonth: 12,
            expYear: 2030,
            cvc: '123',
          },
        }),
      );
      const confirmed = await ok<{ success: boolean }>(
        await vet.post('/api/payment/confirm-payment', { data: { paymentIntentId: intent.paymentIntentId } }),
      );
      expect(confirmed.success).toBe(true);
    },
  };
}

interface Login {
  username: string;
  password?: string;
}

/** A specialist available every hour of every day (their own weekly slots), so STAT may go to them. */
export async function makeAlwaysAvailable(specialist: APIRequestContext) {
  for (const dayOfWeek of [0, 1, 2, 3, 4, 5, 6]) {
    await ok(await specialist.post('/api/availability', { data: { dayOfWeek, startTime: '00:00', endTime: '23:59' } }));
  }
}

/** A pending case assigned to `specialist`, submitted (and paid) by `vet`. */
export async function createPendingCase(baseURL: string, vet: Login, specialist: Login & { specialty: string }) {
  const vetApi = await apiSession(baseURL, vet.username, vet.password);
  const spec = await apiSession(baseURL, specialist.username, specialist.password);
  const id = await userId(spec);
  await spec.dispose();
  const prepared = await prepareCase(vetApi, { id, specialty: specialist.specialty });
  await prepared.activate();
  await vetApi.dispose();
  return prepared;
}
