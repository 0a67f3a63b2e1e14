import { URGENCY_LABELS } from '@vetconsult/schema/turnaround';
import { stringify } from 'csv-stringify/sync';
import type { OperationsReport } from './operations.types';

// The CSV export of the operations dashboard (issue 19): one long-format table, a row per number, so that
// every section fits the same five columns and a spreadsheet pivots it as it likes.
//   section   report | cases_per_week | durations | on_time_by_urgency | on_time_by_specialist | revenue
//   group     the row's first key (a week, an urgency, a specialist, a currency)
//   subgroup  its second key (a specialty, a province), empty where none
//   metric    what the value is, with its unit in the name (_hours, _cents)
//   value     a number, or a text for the report's own rows
// Amounts are in cents, durations in hours, times in UTC (ISO 8601).

export const OPERATIONS_CSV_HEADER = ['section', 'group', 'subgroup', 'metric', 'value'] as const;

type Cell = string | number | null;
type Row = [section: string, group: Cell, subgroup: Cell, metric: string, value: Cell];

const ALL = 'All';
const urgencyLabel = (urgency: keyof typeof URGENCY_LABELS | null) => (urgency ? URGENCY_LABELS[urgency] : ALL);

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed
 * with a quote: a specialist's name is outside input (OWASP "CSV injection").
 */
export const neutralizeFormula = (value: Cell): Cell =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

export function operationsRows(report: OperationsReport): Row[] {
  const rows: Row[] = [
    ['report', null, null, 'generated_at', report.generatedAt.toISOString()],
    ['report', null, null, 'month', report.month],
    ['report', null, null, 'weeks_from', report.weeksFrom.toISOString()],
    ['report', null, null, 'weeks', report.weeks],
    ['report', null, null, 'overdue_now', report.overdueNow],
  ];
  for (const row of report.casesPerWeek)
    rows.push(['cases_per_week', row.weekStart, row.specialty, 'cases', row.cases]);
  for (const row of report.durations) {
    const group = urgencyLabel(row.urgency);
    rows.push(
      ['durations', group, null, 'accepted', row.accepted],
      ['durations', group, null, 'accept_median_hours', row.acceptMedianHours],
      ['durations', group, null, 'accept_p90_hours', row.acceptP90Hours],
      ['durations', group, null, 'reviewed', row.reviewed],
      ['durations', group, null, 'review_median_hours', row.reviewMedianHours],
      ['durations', group, null, 'review_p90_hours', row.reviewP90Hours],
    );
  }
  for (const row of report.onTimeByUrgency) {
    const group = urgencyLabel(row.urgency);
    rows.push(
      ['on_time_by_urgency', group, null, 'on_time', row.onTime],
      ['on_time_by_urgency', group, null, 'late', row.late],
      ['on_time_by_urgency', group, null, 'on_time_rate', row.rate],
    );
  }
  for (const row of report.onTimeBySpecialist) {
    const group = row.specialistName ?? 'Not accepted yet';
    const id = row.specialistId;
    rows.push(
      ['on_time_by_specialist', group, id, 'on_time', row.onTime],
      ['on_time_by_specialist', group, id, 'late', row.late],
      ['on_time_by_specialist', group, id, 'on_time_rate', row.rate],
    );
  }
  for (const row of report.revenue) {
    const province = row.province ?? 'Unknown';
    rows.push(
      ['revenue', row.currency, province, 'payments', row.payments],
      ['revenue', row.currency, province, 'captured_cents', row.capturedAmount],
      ['revenue', row.currency, province, 'refunded_cents', row.refundedAmount],
      ['revenue', row.currency, province, 'net_cents', row.netAmount],
      ['revenue', row.currency, province, 'tax_cents', row.taxAmount],
    );
  }
  return rows;
}

/** The CSV text (RFC 4180: quoted where needed, CRLF line ends) with its header row. */
export function operationsCsv(report: OperationsReport): string {
  const rows = operationsRows(report).map((row) => row.map(neutralizeFormula));
  return stringify(rows, { header: true, columns: [...OPERATIONS_CSV_HEADER], record_delimiter: 'windows' });
}

export const operationsCsvFilename = (report: OperationsReport) => `operations-${report.month}.csv`;
