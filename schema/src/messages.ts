import { z } from 'zod';
import { CONSULT_FILE_MAX_BYTES, MAX_FILES_PER_UPLOAD } from './files';
import { text, withinRowIds } from './text';

// Issue 15, the case conversation: the one copy of its input rules and texts, used by the web composer,
// the GraphQL validation and the REST handlers. Attachments are case files and follow the case-file
// rules of consult.ts (accepted types sniffed from the bytes, at most 10 per message, 50 MB each: the
// limit of the veterinarian's diagnostic files, the smaller of the two case-file limits).

/** A message body holds at most this many characters (after trimming). */
export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_FILES_MAX = MAX_FILES_PER_UPLOAD;
export const MESSAGE_FILE_MAX_BYTES = CONSULT_FILE_MAX_BYTES;
/** Days after the case is completed (reviewed) during which its conversation stays writable. */
export const CONVERSATION_OPEN_DAYS = 30;
/** Page size when the caller names none, and the largest page. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;

export const MESSAGE_EMPTY = 'Please write a message or attach a file';
export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_BODY_MAX.toLocaleString('en-US')} characters`;
export const INVALID_MESSAGE_CURSOR = 'Invalid cursor: pass the cursor of a message of this conversation';
export const PAGE_DIRECTION_CONFLICT = 'Pass either first and after, or last and before, not both';

/** The message as sent: the body (trimmed, possibly empty) and how many files travel with it. */
export const caseMessageSchema = z
  .object({
    body: z.preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      text({ error: 'The message must be text' }).trim().max(MESSAGE_BODY_MAX, { error: MESSAGE_TOO_LONG }),
    ),
    attachmentCount: z.number().int().min(0).max(MESSAGE_FILES_MAX),
  })
  .refine((message) => message.body.length > 0 || message.attachmentCount > 0, {
    error: MESSAGE_EMPTY,
    path: ['body'],
  });
export type CaseMessageInput = z.infer<typeof caseMessageSchema>;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const textToNumber = (value: unknown) => {
  const v = emptyToUndefined(value);
  return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
};
const pageSize = z.preprocess(
  textToNumber,
  z
    .number({ error: `A page holds 1 to ${MESSAGES_PAGE_MAX} messages` })
    .int({ error: `A page holds 1 to ${MESSAGES_PAGE_MAX} messages` })
    .min(1, { error: `A page holds 1 to ${MESSAGES_PAGE_MAX} messages` })
    .max(MESSAGES_PAGE_MAX, { error: `A page holds 1 to ${MESSAGES_PAGE_MAX} messages` })
    .optional(),
);
/** A cursor is the id of a message, as text. */
const cursor = z.preprocess(
  emptyToUndefined,
  text()
    .trim()
    .regex(/^\d{1,10}$/, { error: INVALID_MESSAGE_CURSOR })
    .transform(Number)
    .pipe(withinRowIds(z.number().int().min(1, { error: INVALID_MESSAGE_CURSOR }), INVALID_MESSAGE_CURSOR))
    .optional(),
);

/**
 * A page of the conversation, always ordered oldest to newest. Forward (`first` after a cursor) reads
 * on from where the reader stopped, the catch-up after a reconnect; backward (`last` before a cursor)
 * reads the newest messages and then older history.
 */
export const caseMessagesPageSchema = z
  .object({ first: pageSize, after: cursor, last: pageSize, before: cursor })
  .refine(
    (page) =>
      !(
        (page.first !== undefined || page.after !== undefined) &&
        (page.last !== undefined || page.before !== undefined)
      ),
    {
      error: PAGE_DIRECTION_CONFLICT,
      path: ['first'],
    },
  );
export type CaseMessagesPageInput = z.infer<typeof caseMessagesPageSchema>;

/** Marks the conversation read up to a message (by default the newest). */
export const markCaseReadSchema = z.object({
  upToMessageId: z.preprocess(
    textToNumber,
    withinRowIds(
      z.number({ error: 'Invalid message id' }).int().min(1, { error: 'Invalid message id' }),
      'Invalid message id',
    ).optional(),
  ),
});
export type MarkCaseReadInput = z.infer<typeof markCaseReadSchema>;
