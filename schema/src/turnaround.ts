import { z } from 'zod';
import { text, withinRowIds } from './text';
import { URGENCIES } from './urgency';

// Issue 19: the inputs of urgency, decline and cancellation as shared zod schemas; the urgencies, windows
// and clock words are in urgency.ts (re-exported here for the server's imports).

export * from './urgency';

/** Missing means routine (drafts and older clients); anything else must be one of the three. */
export const urgencySchema = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : value),
  z.enum(URGENCIES, { error: 'Please choose Routine, Priority or STAT' }).optional(),
);

export const DECLINE_REASON_MAX = 500;

export const declineSchema = z.object({
  reason: text({ error: 'Please tell the veterinarian why you decline' })
    .trim()
    .min(1, { error: 'Please tell the veterinarian why you decline' })
    .max(DECLINE_REASON_MAX, { error: `The reason can be at most ${DECLINE_REASON_MAX} characters` }),
});
export type DeclineInput = z.infer<typeof declineSchema>;

/**
 * Move a case to another specialist (issue 19 item D): a named approved specialist of the case's
 * specialty, or the first available one. One of the two.
 */
export const reassignSchema = z
  .object({
    specialistId: z.preprocess(
      (value) =>
        value === '' || value === null || value === 0 ? undefined : typeof value === 'string' ? Number(value) : value,
      withinRowIds(
        z.number({ error: 'Please select a specialist' }).int({ error: 'Please select a specialist' }).min(1, {
          error: 'Please select a specialist',
        }),
        'Please select a specialist',
      ).optional(),
    ),
    firstAvailable: z.boolean({ error: 'firstAvailable must be true or false' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.firstAvailable && value.specialistId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['specialistId'], message: 'Please select a specialist' });
    }
    if (value.firstAvailable && value.specialistId !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['specialistId'],
        message: 'Choose a specialist or the first available one, not both',
      });
    }
  });
export type ReassignInput = z.infer<typeof reassignSchema>;

export const CANCEL_REASON_MAX = 500;

export const cancelSchema = z.object({
  reason: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    text()
      .trim()
      .max(CANCEL_REASON_MAX, { error: `The reason can be at most ${CANCEL_REASON_MAX} characters` })
      .optional(),
  ),
});
export type CancelInput = z.infer<typeof cancelSchema>;
