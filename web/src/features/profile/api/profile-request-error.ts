/**
 * A non-OK answer from the profile REST paths: the message is the spec's 'HTTP error! status: {code}'
 * (SPEC §7), and the server's own `{ message }`, when it sent one, is kept for the toast.
 */
export class ProfileRequestError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null) {
    super(`HTTP error! status: ${status}`);
    this.name = 'ProfileRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export async function profileRequestError(response: Response): Promise<ProfileRequestError> {
  let message: string | null = null;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: only the status is known.
  }
  return new ProfileRequestError(response.status, message);
}

/** What a toast should say about a failed profile call. */
export function profileErrorText(error: unknown, fallback: string): string {
  if (error instanceof ProfileRequestError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
