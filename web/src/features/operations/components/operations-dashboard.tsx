import { monthOf, operationsReportInputSchema } from '@vetconsult/schema/operations';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import type { OperationsReportQuery } from '../../../gql/graphql';
import { downloadFile, FileTransferError } from '../../../lib/file-transfer';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { firstReportInput, operationsCsvPath, useOperationsReport } from '../api/operations-report';
import { formatCents, formatHours, formatRate, monthLabel, urgencyLabel, weekLabel } from '../hooks/format';
import { CasesPerWeekChart, type MoneyBar, RevenueChart, type WeekRow } from './charts';

// Issue 19: the administrator's operations dashboard. The numbers come from one GraphQL query (SQL
// aggregations on the server); the CSV of the same numbers comes from the REST twin as a file.

type Report = OperationsReportQuery['operationsReport'];

const WEEK_CHOICES = [4, 8, 12, 26, 52];
const DAY_MS = 86_400_000;

function StatCard({
  label,
  value,
  hint,
  tone = 'plain',
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'plain' | 'alert';
}) {
  return (
    <Card className="p-4 sm:p-5">
      <dt className="text-xs font-medium text-slate-500 uppercase tracking-wide dark:text-slate-400">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-bold tabular-nums sm:text-3xl ${tone === 'alert' ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white'}`}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</dd> : null}
    </Card>
  );
}

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

const th = 'px-2 py-2 text-left text-xs font-semibold text-slate-600 dark:text-slate-300';
const td = 'px-2 py-2 text-sm text-slate-800 tabular-nums dark:text-slate-200';

/** A table of numbers; the columns in `narrowHidden` are left out below 640 px, where they would not fit. */
function Table({
  caption,
  head,
  rows,
  narrowHidden = [],
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  narrowHidden?: number[];
}) {
  const hide = (i: number) => (narrowHidden.includes(i) ? 'max-sm:hidden' : '');
  return (
    <div className="-mx-2 max-w-full overflow-x-auto">
      <table className="w-full min-w-0 border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {head.map((cell, i) => (
              <th key={cell} scope="col" className={`${th} ${i > 0 ? 'text-right' : ''} ${hide(i)}`}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
            <tr key={r} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <th key={i} scope="row" className={`${td} text-left font-medium`}>
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={i} className={`${td} text-right whitespace-nowrap ${hide(i)}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The weeks of the report (all of them, empty ones too) with their counts per specialty. */
function weekRows(report: Report): { rows: WeekRow[]; specialties: string[] } {
  const from = new Date(report.weeksFrom).getTime();
  const rows: WeekRow[] = Array.from({ length: report.weeks }, (_, i) => {
    const week = new Date(from + i * 7 * DAY_MS).toISOString().slice(0, 10);
    return { week, label: weekLabel(week), counts: {} };
  });
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const totals = new Map<string, number>();
  for (const cell of report.casesPerWeek) {
    const row = byWeek.get(cell.weekStart);
    if (row) row.counts[cell.specialty] = cell.cases;
    totals.set(cell.specialty, (totals.get(cell.specialty) ?? 0) + cell.cases);
  }
  const specialties = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  return { rows, specialties };
}

const provinceLabel = (province: string | null | undefined) => province ?? 'Unknown';

function Dashboard({ report }: { report: Report }) {
  const { rows, specialties } = useMemo(() => weekRows(report), [report]);
  const all = report.durations.find((row) => row.urgency === null);
  const allOnTime = report.onTimeByUrgency.find((row) => row.urgency === null);
  const casesInWeeks = report.casesPerWeek.reduce((sum, cell) => sum + cell.cases, 0);
  const currencies = new Set(report.revenue.map((row) => row.currency));
  const moneyKey = (row: Report['revenue'][number]) =>
    currencies.size > 1
      ? `${provinceLabel(row.province)} · ${row.currency.toUpperCase()}`
      : provinceLabel(row.province);
  const currencyOfKey = new Map(report.revenue.map((row) => [moneyKey(row), row.currency]));
  const bars: MoneyBar[] = report.revenue.map((row) => ({
    key: moneyKey(row),
    net: row.netAmount,
    tax: row.taxAmount,
  }));
  const since = weekLabel(new Date(report.weeksFrom).toISOString().slice(0, 10));

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="operations-stats">
        <StatCard
          label="Overdue now"
          value={String(report.overdueNow)}
          hint="Pending or in progress past their due time"
          tone={report.overdueNow > 0 ? 'alert' : 'plain'}
        />
        <StatCard
          label="On time"
          value={formatRate(allOnTime?.rate)}
          hint={
            allOnTime && allOnTime.onTime + allOnTime.late > 0
              ? `${allOnTime.onTime} of ${allOnTime.onTime + allOnTime.late} due since ${since}`
              : `Nothing has come due since ${since}`
          }
        />
        <StatCard
          label="Median time to accept"
          value={formatHours(all?.acceptMedianHours)}
          hint={`90th percentile ${formatHours(all?.acceptP90Hours)}`}
        />
        <StatCard
          label="Median time to review"
          value={formatHours(all?.reviewMedianHours)}
          hint={`90th percentile ${formatHours(all?.reviewP90Hours)}`}
        />
      </dl>

      <Section
        title="Cases per week by specialty"
        description={`${casesInWeeks} cases submitted in the last ${report.weeks} weeks (weeks start on Monday, UTC).`}
      >
        {casesInWeeks === 0 ? (
          <EmptyState title="No cases were submitted in these weeks." />
        ) : (
          <CasesPerWeekChart rows={rows} specialties={specialties} />
        )}
      </Section>

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Section
          title="Time to accept and to review"
          description="From submission, for cases submitted in these weeks."
        >
          <Table
            caption="Median and 90th percentile of the time to accept and to review, by urgency"
            head={['Urgency', 'Accept: median', '90th', 'Review: median', '90th']}
            rows={report.durations.map((row) => [
              urgencyLabel(row.urgency),
              formatHours(row.acceptMedianHours),
              formatHours(row.acceptP90Hours),
              formatHours(row.reviewMedianHours),
              formatHours(row.reviewP90Hours),
            ])}
          />
        </Section>
        <Section
          title="On time by urgency"
          description="Answered by the due time, out of the cases answered or already past it."
        >
          <Table
            caption="On-time rate by urgency"
            head={['Urgency', 'On time', 'Late', 'Rate']}
            rows={report.onTimeByUrgency.map((row) => [
              urgencyLabel(row.urgency),
              row.onTime,
              row.late,
              formatRate(row.rate),
            ])}
          />
        </Section>
      </div>

      <Section title="On time by specialist">
        {report.onTimeBySpecialist.length === 0 ? (
          <EmptyState title="No case has come due in these weeks yet." />
        ) : (
          <Table
            caption="On-time rate by specialist"
            head={['Specialist', 'On time', 'Late', 'Rate']}
            rows={report.onTimeBySpecialist.map((row) => [
              row.specialistName ?? 'Not accepted yet',
              row.onTime,
              row.late,
              formatRate(row.rate),
            ])}
          />
        )}
      </Section>

      <Section
        title={`Revenue and tax, ${monthLabel(report.month)}`}
        description="Payments captured in the month minus refunds made in it, by the clinic's province or state. Months run from the 1st 00:00 to the last day 24:00 UTC."
      >
        {report.revenue.length === 0 ? (
          <EmptyState title="No payments or refunds in this month." />
        ) : (
          <div className="space-y-5">
            <RevenueChart bars={bars} format={(cents, key) => formatCents(cents, currencyOfKey.get(key) ?? 'cad')} />
            <Table
              caption="Revenue and tax by province"
              head={['Province', 'Payments', 'Captured', 'Refunded', 'Net', 'Tax']}
              narrowHidden={[1, 2, 3]}
              rows={report.revenue.map((row) => [
                moneyKey(row),
                row.payments,
                formatCents(row.capturedAmount, row.currency),
                formatCents(row.refundedAmount, row.currency),
                formatCents(row.netAmount, row.currency),
                formatCents(row.taxAmount, row.currency),
              ])}
            />
          </div>
        )}
      </Section>
    </div>
  );
}

export function OperationsDashboard() {
  const [month, setMonth] = useState(() => firstReportInput().month);
  const [weeks, setWeeks] = useState(() => firstReportInput().weeks);
  const [downloading, setDownloading] = useState(false);
  const parsed = operationsReportInputSchema.safeParse({ month, weeks });
  const input = { month: (parsed.success && parsed.data.month) || monthOf(new Date()), weeks };
  const query = useOperationsReport(input);
  const report = query.data?.operationsReport ?? query.previousData?.operationsReport;
  const monthError = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const monthId = useId();
  const weeksId = useId();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(operationsCsvPath(input), `operations-${input.month}.csv`);
    } catch (error) {
      const description =
        error instanceof FileTransferError ? (error.serverMessage ?? error.message) : 'The CSV could not be downloaded';
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={monthId} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
            Month for revenue (UTC)
          </label>
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            aria-invalid={monthError ? true : undefined}
            aria-describedby={monthError ? `${monthId}-error` : undefined}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:[color-scheme:dark]"
          />
        </div>
        <div>
          <label htmlFor={weeksId} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
            Weeks of cases
          </label>
          <select
            id={weeksId}
            value={weeks}
            onChange={(event) => setWeeks(Number(event.target.value))}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
          >
            {WEEK_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                Last {choice} weeks
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          onClick={() => void download()}
          busy={downloading}
          disabled={!report || !!monthError}
        >
          <Icon name="arrow-down" className="size-4" />
          {downloading ? 'Preparing CSV...' : 'Download CSV'}
        </Button>
        {query.loading && report ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">Updating...</span>
        ) : null}
      </div>
      {monthError ? (
        <p id={`${monthId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {monthError}
        </p>
      ) : null}

      {report ? (
        <Dashboard report={report} />
      ) : query.error ? (
        <ErrorState
          title="The operations report could not be loaded"
          detail={serverErrorMessage(query.error) ?? query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <LoadingState label="Loading the operations report..." />
      )}
    </div>
  );
}
