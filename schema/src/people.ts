import { z } from 'zod';
import { clinicAddressSchema } from './address';
import { INVALID_TIME_RANGE_MESSAGE, minutesOfDay, TIME_OF_DAY } from './availability';
import { text } from './text';
import { LIMITS, MAX_ROW_ID } from './values';

// SPEC §5 "Availability", "Profile", "Profile photo", plus specialist questions and notification
// preferences: the one copy of these rules for the web forms, the GraphQL validation plugin and REST.

const requiredString = (message: string) => text({ error: message }).trim().min(1, { error: message });

/** Form fields arrive as text over multipart: an empty value clears the field, an absent one keeps it. */
const optionalText = (max: number, message: string) =>
  text({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive(message).max(MAX_ROW_ID, { error: message });

// ---------------------------------------------------------------------------------------------------------------
// Availability

export const DAY_OF_WEEK_MESSAGE = 'Day of week must be between 0 (Sunday) and 6 (Saturday)';
export const START_TIME_MESSAGE = 'Start time must be in HH:MM 24-hour format';
export const END_TIME_MESSAGE = 'End time must be in HH:MM 24-hour format';

const slotFields = {
  dayOfWeek: z.coerce
    .number({ error: DAY_OF_WEEK_MESSAGE })
    .int({ error: DAY_OF_WEEK_MESSAGE })
    .min(0, { error: DAY_OF_WEEK_MESSAGE })
    .max(6, { error: DAY_OF_WEEK_MESSAGE }),
  startTime: text({ error: START_TIME_MESSAGE }).trim().regex(TIME_OF_DAY, { error: START_TIME_MESSAGE }),
  endTime: text({ error: END_TIME_MESSAGE }).trim().regex(TIME_OF_DAY, { error: END_TIME_MESSAGE }),
};

const endAfterStart = (slot: { startTime: string; endTime: string }) =>
  minutesOfDay(slot.endTime) > minutesOfDay(slot.startTime);

/** One weekly availability slot: dayOfWeek 0-6 (Sunday-Saturday), HH:MM times, end after start. */
export const availabilitySlotSchema = z
  .object(slotFields)
  .refine(endAfterStart, { path: ['endTime'], message: INVALID_TIME_RANGE_MESSAGE });
export type AvailabilitySlotInput = z.infer<typeof availabilitySlotSchema>;

/**
 * POST /api/availability: the spec's payload names the specialist; the server only accepts the signed-in
 * specialist's own id (or none, as over GraphQL).
 */
export const createAvailabilitySchema = z
  .object({ ...slotFields, specialistId: positiveId('Invalid specialist').optional() })
  .refine(endAfterStart, { path: ['endTime'], message: INVALID_TIME_RANGE_MESSAGE });
export type CreateAvailabilityInput = z.infer<typeof createAvailabilitySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Profile

export const INVALID_TIMEZONE_MESSAGE = 'Please select a valid time zone';

/** An IANA time zone the runtime knows, so availability can always be evaluated in it. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = text({ error: INVALID_TIMEZONE_MESSAGE })
  .trim()
  .max(64, { error: INVALID_TIMEZONE_MESSAGE })
  .refine(isValidTimeZone, { error: INVALID_TIMEZONE_MESSAGE });

/** SPEC §5 "Profile": name required, valid email, timezone; clinic name and address optional. */
export const profileSchema = z.object({
  name: requiredString('Name is required').pipe(text().max(120, { error: 'Name is too long' })),
  email: text({ error: 'Invalid email address' })
    .trim()
    .max(254, { error: 'Invalid email address' })
    .pipe(z.email({ error: 'Invalid email address' })),
  timezone: timezoneSchema.optional(),
  clinicName: optionalText(200, 'Clinic name is too long'),
  // The shared clinic address rule applies whenever an address is given.
  clinicAddress: text()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value?.trim() || null))
    .pipe(clinicAddressSchema.nullish()),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Profile photo

export const PHOTO_TOO_LARGE_MESSAGE = 'File is too large. Please select an image under 10MB.';
export const PHOTO_INVALID_TYPE_MESSAGE = 'Invalid file type. Please select a valid image file.';
export const PHOTO_TOO_MANY_FILES_MESSAGE = 'Too many files';
export const PROFILE_PHOTO_MAX_BYTES = LIMITS.profilePhotoMaxBytes;
/** Accepted image types (jpeg covers .jpg and .jpeg), checked on the content, not on the name. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ProfilePhotoType = (typeof PROFILE_PHOTO_TYPES)[number];

// ---------------------------------------------------------------------------------------------------------------
// Specialist questions

export const QUESTION_TEXT_REQUIRED = 'Question text is required';
export const QUESTION_TEXT_TOO_LONG = 'Question text must be at most 500 characters';

const questionText = requiredString(QUESTION_TEXT_REQUIRED).pipe(text().max(500, { error: QUESTION_TEXT_TOO_LONG }));

/** An extra question a specialist asks veterinarians who choose them. */
export const specialistQuestionSchema = z.object({
  questionText,
  required: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type SpecialistQuestionInput = z.input<typeof specialistQuestionSchema>;

/** Editing a question: every field optional, the same rules when given. */
export const specialistQuestionUpdateSchema = z.object({
  questionText: questionText.optional(),
  required: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type SpecialistQuestionUpdate = z.input<typeof specialistQuestionUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Notification preferences (Settings > Notifications: three switches, all on by default)

export const notificationPreferencesSchema = z.object({
  notifyNewCases: z.boolean({ error: 'New case notifications must be on or off' }).optional(),
  notifyStatusUpdates: z.boolean({ error: 'Case status updates must be on or off' }).optional(),
  notifyReminders: z.boolean({ error: 'Reminder notifications must be on or off' }).optional(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Ids given by the admin pages and the consult form

export const specialistIdSchema = z.object({ specialistId: positiveId('Invalid specialist') });
