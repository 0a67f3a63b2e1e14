import { URGENCIES } from '@vetconsult/schema/turnaround';
import { z } from 'zod';
import type { OperationsReport } from '../../domain/operations/operations.types';

// The operations dashboard's report as the REST door answers it: the service's numbers with its instants
// as ISO strings. The schema is the contract of GET /api/admin/operations (rest/contract.ts).

const dateTime = z.iso.datetime();
const hours = z.number().nullable().describe('Hours; null when no case qualifies.');
const rate = z.number().nullable().describe('onTime / (onTime + late); null when nothing was due yet.');
const urgencyOrAll = z.enum(URGENCIES).nullable().describe('null: every urgency together.');

export const operationsReportViewSchema = z
  .object({
    generatedAt: dateTime,
    month: z.string().describe('YYYY-MM (UTC) of the money section.'),
    monthStart: dateTime,
    monthEnd: dateTime,
    weeks: z.number().int(),
    weeksFrom: dateTime,
    overdueNow: z.number().int(),
    casesPerWeek: z.array(
      z.object({
        weekStart: z.string().describe('Monday, YYYY-MM-DD (UTC).'),
        specialty: z.string(),
        cases: z.number().int(),
      }),
    ),
    durations: z.array(
      z.object({
        urgency: urgencyOrAll,
        accepted: z.number().int(),
        acceptMedianHours: hours,
        acceptP90Hours: hours,
        reviewed: z.number().int(),
        reviewMedianHours: hours,
        reviewP90Hours: hours,
      }),
    ),
    onTimeByUrgency: z.array(
      z.object({ urgency: urgencyOrAll, onTime: z.number().int(), late: z.number().int(), rate }),
    ),
    onTimeBySpecialist: z.array(
      z.object({
        specialistId: z.number().int().nullable(),
        specialistName: z.string().nullable(),
        onTime: z.number().int(),
        late: z.number().int(),
        rate,
      }),
    ),
    revenue: z.array(
      z.object({
        currency: z.string(),
        province: z.string().nullable(),
        payments: z.number().int(),
        capturedAmount: z.number().describe('Cents.'),
        refundedAmount: z.number().describe('Cents.'),
        netAmount: z.number().describe('Cents.'),
        taxAmount: z.number().describe('Cents.'),
      }),
    ),
  })
  .meta({ id: 'OperationsReport' });

export type OperationsReportView = z.infer<typeof operationsReportViewSchema>;

export function toOperationsReportView(report: OperationsReport): OperationsReportView {
  return {
    ...report,
    generatedAt: report.generatedAt.toISOString(),
    monthStart: report.monthStart.toISOString(),
    monthEnd: report.monthEnd.toISOString(),
    weeksFrom: report.weeksFrom.toISOString(),
  };
}
