import { profileRequestError } from './profile-request-error';

/** DELETE /api/profile/photo (SPEC §7). */
export async function deleteProfilePhoto(): Promise<void> {
  const response = await fetch('/api/profile/photo', { method: 'DELETE', credentials: 'include' });
  if (!response.ok) throw await profileRequestError(response);
}
