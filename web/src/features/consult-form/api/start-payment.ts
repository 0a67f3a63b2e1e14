import { draftRequest } from './draft-http';

export interface PaymentSession {
  caseId: number;
  uuid: string;
  status: string;
  version: number;
}

/** POST /api/consults/drafts/{uuid}/start-payment: the draft becomes a case awaiting payment. */
export function startPayment(uuid: string): Promise<PaymentSession> {
  return draftRequest<PaymentSession>(`/api/consults/drafts/${encodeURIComponent(uuid)}/start-payment`, 'POST');
}
