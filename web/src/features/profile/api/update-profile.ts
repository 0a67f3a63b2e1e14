import { sendForm } from '../../../lib/file-transfer';

// PUT /api/profile (SPEC §7): multipart profile fields plus the optional cropped photo. This is the only
// way to upload a photo (GraphQL's updateProfile takes the text fields only), so it is a file transfer.

export interface ProfileFields {
  name: string;
  email: string;
  timezone?: string;
  /** Veterinarians only; an empty value clears it. */
  clinicName?: string;
  clinicAddress?: string;
}

export async function updateProfile(fields: ProfileFields, profilePhoto: File | null): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, value);
  }
  // The file goes last: the server reads the text fields before the stream of the photo.
  if (profilePhoto) form.append('profilePhoto', profilePhoto, profilePhoto.name);
  await sendForm('PUT', '/api/profile', form, 'Failed to update profile');
}
