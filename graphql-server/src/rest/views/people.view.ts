import { z } from 'zod';
import type { Services } from '../../services';
import type { SameShape } from '../contract';

// The REST door's views of availability slots, specialist questions, the specialist directory and
// notification preferences, typed by their schemas (the routes' contract).

type Answer<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;
type People = Services['specialists'];

export const slotViewSchema = z
  .object({
    id: z.number().int(),
    dayOfWeek: z.number().int().min(0).max(6).describe('0 = Sunday … 6 = Saturday.'),
    startTime: z.string().describe('HH:MM, 24-hour, in the specialist’s time zone.'),
    endTime: z.string(),
  })
  .meta({ id: 'AvailabilitySlot' });
export type SlotView = z.infer<typeof slotViewSchema>;

export const slotView = (slot: SlotView): SlotView => ({
  id: slot.id,
  dayOfWeek: slot.dayOfWeek,
  startTime: slot.startTime,
  endTime: slot.endTime,
});

export const questionViewSchema = z
  .object({
    id: z.number().int(),
    questionText: z.string(),
    required: z.boolean(),
    active: z.boolean(),
    specialty: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SpecialistQuestion' });
export type QuestionView = z.infer<typeof questionViewSchema>;

export const questionView = (question: Omit<QuestionView, 'createdAt'> & { createdAt: Date }): QuestionView => ({
  id: question.id,
  questionText: question.questionText,
  required: question.required,
  active: question.active,
  specialty: question.specialty,
  createdAt: question.createdAt.toISOString(),
});

export const publicQuestionSchema = z
  .object({ id: z.number().int(), questionText: z.string(), required: z.boolean() })
  .meta({ id: 'PublicSpecialistQuestion' });

export const specialistListItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    specialty: z.string().nullable(),
    timezone: z.string(),
    isAvailable: z.boolean(),
    nextAvailable: z.string().nullable().describe('e.g. “Mon, Mar 9, 9:00 AM PDT”; null without availability.'),
    nextAvailableAt: z.string().nullable(),
  })
  .meta({ id: 'SpecialistListItem' });

export const notificationPreferencesViewSchema = z
  .object({ notifyNewCases: z.boolean(), notifyStatusUpdates: z.boolean(), notifyReminders: z.boolean() })
  .meta({ id: 'NotificationPreferences' });

export const rejectedSpecialistSchema = z.object({ id: z.number().int(), name: z.string(), message: z.string() });

/** Fails typecheck when a service's answer and its schema part ways. */
export const peopleViewsMatch: [
  SameShape<z.infer<typeof publicQuestionSchema>, Answer<People['activeQuestions']>[number]>,
  SameShape<z.infer<typeof specialistListItemSchema>, Answer<People['directory']>[number]>,
  SameShape<z.infer<typeof notificationPreferencesViewSchema>, Answer<Services['profile']['notificationPreferences']>>,
  SameShape<
    z.infer<typeof notificationPreferencesViewSchema>,
    Answer<Services['profile']['updateNotificationPreferences']>
  >,
  SameShape<Omit<z.infer<typeof rejectedSpecialistSchema>, 'message'>, Answer<Services['admin']['reject']>>,
] = [true, true, true, true, true];
