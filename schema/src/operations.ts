import { z } from 'zod';
import { OPERATIONS_WEEKS_DEFAULT, OPERATIONS_WEEKS_MAX } from './operations-time';
import { text } from './text';

// Issue 19 "Operations dashboard": what the administrator may ask for (a month for the money, a number of
// weeks for the cases), the one copy of these rules for the web's month picker, GraphQL and REST. Months
// are calendar months in UTC (the report says so).

export * from './operations-time';

export const MONTH_MESSAGE = 'Please choose a month as YYYY-MM, for example 2026-03';
export const WEEKS_MESSAGE = `Weeks must be a whole number from 1 to ${OPERATIONS_WEEKS_MAX}`;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const operationsReportInputSchema = z.object({
  /** Missing or empty: the current month (UTC). */
  month: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    text({ error: MONTH_MESSAGE })
      .trim()
      .regex(MONTH, { error: MONTH_MESSAGE })
      .refine((value) => Number(value.slice(0, 4)) >= 2000, { error: MONTH_MESSAGE })
      .optional(),
  ),
  weeks: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: WEEKS_MESSAGE })
      .int({ error: WEEKS_MESSAGE })
      .min(1, { error: WEEKS_MESSAGE })
      .max(OPERATIONS_WEEKS_MAX, { error: WEEKS_MESSAGE })
      .default(OPERATIONS_WEEKS_DEFAULT),
  ),
});
export type OperationsReportInput = z.input<typeof operationsReportInputSchema>;
