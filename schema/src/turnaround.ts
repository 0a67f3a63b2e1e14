import { z } from 'zod';
import { text } from './text';
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
