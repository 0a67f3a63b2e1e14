// The payment calls are REST (SPEC §7 "/api/payment/*"); a refused call keeps its status and body so
// the caller can pick the spec's words by status and code.

export interface PaymentErrorBody {
  message?: string;
  code?: string;
  paymentCode?: string | null;
}

export class PaymentHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaymentErrorBody,
  ) {
    super(body.message || `${status}`);
    this.name = 'PaymentHttpError';
  }
}

/** POST or GET JSON with the session cookie; throws PaymentHttpError on a non-OK answer. */
export async function paymentRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) throw new PaymentHttpError(response.status, (parsed ?? {}) as PaymentErrorBody);
  return parsed as T;
}
