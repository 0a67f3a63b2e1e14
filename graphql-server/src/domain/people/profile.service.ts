import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  notificationPreferencesSchema,
  PHOTO_INVALID_TYPE_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  type ProfilePhotoType,
  profileSchema,
} from '@vetconsult/schema/people';
import { isRowId } from '@vetconsult/schema/values';
import { fileTypeFromBuffer } from 'file-type';
import type { User } from '../../generated/prisma/client';
import { type Db, isUniqueViolation } from '../../lib/db/client';
import { conflict, DomainError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';

// SPEC §2 /profile and /settings: the signed-in user's own profile, photo, notification preferences and
// onboarding. Changing the password is the auth service's job (/api/auth/change-password).

export interface ProfileServiceDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** An uploaded photo as the door received it: at most the limit plus whether more was cut off. */
export interface PhotoUpload {
  bytes: Buffer;
  /** true when the upload went past PROFILE_PHOTO_MAX_BYTES and was cut off while streaming. */
  truncated: boolean;
}

export interface NotificationPreferences {
  notifyNewCases: boolean;
  notifyStatusUpdates: boolean;
  notifyReminders: boolean;
}

const EMAIL_TAKEN = 'An account with this email already exists';
const CLINIC_FIELDS_VETS_ONLY = 'Only veterinarians can set a clinic name and address';
const PHOTO_NOT_FOUND = 'Profile photo not found';

const EXTENSIONS: Record<ProfilePhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const TYPE_BY_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type]));

const isProfilePhotoType = (mime: string): mime is ProfilePhotoType =>
  (PROFILE_PHOTO_TYPES as readonly string[]).includes(mime);

/** Checks a photo by its size and its content (magic bytes), never by its name or declared type. */
async function checkProfilePhoto(photo: PhotoUpload): Promise<ProfilePhotoType> {
  if (photo.truncated || photo.bytes.length > PROFILE_PHOTO_MAX_BYTES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE, { field: 'profilePhoto' });
  }
  const detected = photo.bytes.length > 0 ? await fileTypeFromBuffer(photo.bytes) : undefined;
  if (!detected || !isProfilePhotoType(detected.mime)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', PHOTO_INVALID_TYPE_MESSAGE, { field: 'profilePhoto' });
  }
  return detected.mime;
}

export function createProfileService(deps: ProfileServiceDeps) {
  const { db, storage, logger } = deps;

  async function removeStoredPhoto(key: string | null) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      // The database no longer points at it; an orphan file is harmless, a failed request is not.
      logger.warn({ err: error, key }, 'old profile photo could not be removed');
    }
  }

  return {
    /**
     * Updates name, e-mail (unique), time zone, and for veterinarians clinic name and address; with a
     * photo, stores it and replaces the previous one.
     */
    async updateProfile(actorInput: Actor | null, input: unknown, photo?: PhotoUpload): Promise<User> {
      const actor = requireActor(actorInput);
      const profile = parseInput(profileSchema, input);
      const isVeterinarian = actor.role === 'VETERINARIAN';
      if (!isVeterinarian && (profile.clinicName || profile.clinicAddress)) throw forbidden(CLINIC_FIELDS_VETS_ONLY);
      const email = profile.email.toLowerCase();
      const clash = await db.user.findFirst({ where: { email, NOT: { id: actor.id } }, select: { id: true } });
      if (clash) throw conflict(EMAIL_TAKEN);

      const photoType = photo ? await checkProfilePhoto(photo) : undefined;
      const previous = await db.user.findUnique({ where: { id: actor.id }, select: { profilePhotoKey: true } });
      if (!previous) throw unauthenticated();
      let newPhotoKey: string | undefined;
      if (photo && photoType) {
        newPhotoKey = `profile-photos/${actor.id}/${randomUUID()}.${EXTENSIONS[photoType]}`;
        await storage.put(newPhotoKey, photo.bytes, photoType);
      }

      let user: User;
      try {
        user = await db.user.update({
          where: { id: actor.id },
          data: {
            name: profile.name,
            email,
            ...(profile.timezone ? { timezone: profile.timezone } : {}),
            ...(isVeterinarian && profile.clinicName !== undefined ? { clinicName: profile.clinicName } : {}),
            ...(isVeterinarian && profile.clinicAddress !== undefined ? { clinicAddress: profile.clinicAddress } : {}),
            ...(newPhotoKey ? { profilePhotoKey: newPhotoKey } : {}),
          },
        });
      } catch (error) {
        if (newPhotoKey) await removeStoredPhoto(newPhotoKey);
        // Two accounts racing for the same address: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      if (newPhotoKey) await removeStoredPhoto(previous.profilePhotoKey);
      return user;
    },

    /** Removes the stored photo; the user falls back to initials. */
    async deletePhoto(actorInput: Actor | null): Promise<User> {
      const actor = requireActor(actorInput);
      const previous = await db.user.findUnique({ where: { id: actor.id }, select: { profilePhotoKey: true } });
      if (!previous) throw unauthenticated();
      const user = await db.user.update({ where: { id: actor.id }, data: { profilePhotoKey: null } });
      await removeStoredPhoto(previous.profilePhotoKey);
      return user;
    },

    /** A user's photo for any signed-in user (it shows beside names across the product). */
    async photo(actorInput: Actor | null, userIdInput: unknown): Promise<{ body: Readable; contentType: string }> {
      requireActor(actorInput);
      const userId = Number(userIdInput);
      if (!isRowId(userId)) throw notFound(PHOTO_NOT_FOUND);
      const user = await db.user.findUnique({ where: { id: userId }, select: { profilePhotoKey: true } });
      if (!user?.profilePhotoKey) throw notFound(PHOTO_NOT_FOUND);
      const extension = user.profilePhotoKey.split('.').at(-1) ?? '';
      return {
        body: await storage.get(user.profilePhotoKey),
        contentType: TYPE_BY_EXTENSION.get(extension) ?? 'application/octet-stream',
      };
    },

    async notificationPreferences(actorInput: Actor | null): Promise<NotificationPreferences> {
      const actor = requireActor(actorInput);
      const user = await db.user.findUnique({
        where: { id: actor.id },
        select: { notifyNewCases: true, notifyStatusUpdates: true, notifyReminders: true },
      });
      if (!user) throw unauthenticated();
      return user;
    },

    /** Changes the switches given; the others keep their value. */
    async updateNotificationPreferences(actorInput: Actor | null, input: unknown): Promise<NotificationPreferences> {
      const actor = requireActor(actorInput);
      const changes = parseInput(notificationPreferencesSchema, input);
      return db.user.update({
        where: { id: actor.id },
        data: changes,
        select: { notifyNewCases: true, notifyStatusUpdates: true, notifyReminders: true },
      });
    },

    /** "Get Started" on the last onboarding step (SPEC §2 Onboarding welcome card). */
    async completeOnboarding(actorInput: Actor | null): Promise<User> {
      const actor = requireActor(actorInput);
      return db.user.update({ where: { id: actor.id }, data: { onboardingCompleted: true } });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
