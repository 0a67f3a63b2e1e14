import { monthBounds, monthOf, operationsReportInputSchema, weeksStart } from '@vetconsult/schema/operations';
import { URGENCIES, type Urgency } from '@vetconsult/schema/turnaround';
import { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { parseInput } from '../../lib/validation';
import { type Actor, ADMIN_ONLY, requireRole } from '../actor';
import { operationsCsv, operationsCsvFilename } from './operations.csv';
import type {
  CasesPerWeekRow,
  DurationRow,
  OnTimeBySpecialistRow,
  OperationsReport,
  RevenueRow,
} from './operations.types';

// Issue 19 "Operations dashboard": how the service performs, for the administrator. Every number is one
// SQL aggregation on indexed columns (cases.activatedAt, cases(status, dueAt), payments.activatedAt and
// payments.refundedAt), never a loop over rows in JavaScript: 10,000 cases answer in a few milliseconds
// (npm run bench:operations).
//
// Definitions (the dashboard and the CSV say the same):
// - a case counts from its activation (payment or free submission), in the weeks ending with this week
//   (Monday 00:00 UTC, as date_trunc('week')); cancelled cases count in "cases per week" only;
// - time to accept = acceptedAt - activatedAt; time to review = reviewedAt - activatedAt (hours);
// - on time = answered (reviewedAt) no later than dueAt; late = answered after dueAt, or still open and
//   already past dueAt (a case that is late now cannot become on time);
// - overdue now = pending or accepted with dueAt before now (every case, whatever its age);
// - money of the chosen calendar month (UTC): captured payments (status succeeded, activated in the month)
//   minus refunds recorded in the month, and the tax in them (a refund returns its share of the tax), by
//   currency and the clinic's province or state (null: its address gave none).

/**
 * The dashboard's statements, bound to their parameters (Prisma.sql: values are sent apart from the text).
 * Exported so that the bench can EXPLAIN exactly what the service runs.
 */
export function operationsStatements(p: { from: Date; to: Date; now: Date; start: Date; end: Date }) {
  const { from, to, now, start, end } = p;
  return {
    casesPerWeek: Prisma.sql`
    SELECT to_char(date_trunc('week', c."activatedAt"), 'YYYY-MM-DD') AS "weekStart",
           COALESCE(c."specialty", 'Unspecified') AS "specialty",
           count(*)::int AS "cases"
    FROM "cases" AS c
    WHERE c."activatedAt" >= ${from} AND c."activatedAt" <= ${to}
    GROUP BY 1, 2
    ORDER BY 1, 2`,
    byUrgency: Prisma.sql`
    WITH spans AS (
      SELECT c."urgency"::text AS urgency,
             EXTRACT(EPOCH FROM (c."acceptedAt" - c."activatedAt"))::float8 / 3600 AS accept_h,
             EXTRACT(EPOCH FROM (c."reviewedAt" - c."activatedAt"))::float8 / 3600 AS review_h,
             (c."reviewedAt" IS NOT NULL AND c."reviewedAt" <= c."dueAt") AS on_time,
             (c."reviewedAt" > c."dueAt"
               OR (c."reviewedAt" IS NULL AND c."status" IN ('pending', 'accepted') AND c."dueAt" < ${now})) AS late
      FROM "cases" AS c
      WHERE c."activatedAt" >= ${from} AND c."activatedAt" <= ${to} AND c."status" <> 'cancelled'
    )
    SELECT urgency,
           count(accept_h)::int AS "accepted",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY accept_h) AS "acceptMedianHours",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY accept_h) AS "acceptP90Hours",
           count(review_h)::int AS "reviewed",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY review_h) AS "reviewMedianHours",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY review_h) AS "reviewP90Hours",
           count(*) FILTER (WHERE on_time)::int AS "onTime",
           count(*) FILTER (WHERE late)::int AS "late"
    FROM spans
    GROUP BY GROUPING SETS ((urgency), ())`,
    onTimeBySpecialist: Prisma.sql`
    SELECT c."specialistId" AS "specialistId", u."name" AS "specialistName",
           count(*) FILTER (WHERE c."reviewedAt" <= c."dueAt")::int AS "onTime",
           count(*) FILTER (WHERE c."reviewedAt" > c."dueAt"
             OR (c."reviewedAt" IS NULL AND c."status" IN ('pending', 'accepted') AND c."dueAt" < ${now}))::int AS "late"
    FROM "cases" AS c
    LEFT JOIN "users" AS u ON u."id" = c."specialistId"
    WHERE c."activatedAt" >= ${from} AND c."activatedAt" <= ${to} AND c."status" <> 'cancelled'
    GROUP BY c."specialistId", u."name"
    HAVING count(*) FILTER (WHERE c."reviewedAt" IS NOT NULL
      OR (c."status" IN ('pending', 'accepted') AND c."dueAt" < ${now})) > 0
    ORDER BY u."name" NULLS LAST, c."specialistId"`,
    overdueNow: Prisma.sql`
    SELECT count(*)::int AS "count" FROM "cases"
    WHERE "status" IN ('pending', 'accepted') AND "dueAt" < ${now}`,
    revenue: Prisma.sql`
    WITH moves AS (
      SELECT p."currency", p."province", 1 AS captured, p."totalAmount" AS gross, 0 AS refunded,
             p."taxAmount"::numeric AS tax
      FROM "payments" AS p
      WHERE p."activatedAt" >= ${start} AND p."activatedAt" < ${end} AND p."status" = 'succeeded'
      UNION ALL
      SELECT p."currency", p."province", 0, 0, p."refundAmount",
             -(p."taxAmount"::numeric * p."refundAmount" / NULLIF(p."totalAmount", 0))
      FROM "payments" AS p
      WHERE p."refundedAt" >= ${start} AND p."refundedAt" < ${end}
        AND p."activatedAt" IS NOT NULL AND p."refundAmount" > 0
    )
    SELECT "currency", "province",
           sum(captured)::int AS "payments",
           sum(gross)::int AS "capturedAmount",
           sum(refunded)::int AS "refundedAmount",
           (sum(gross) - sum(refunded))::int AS "netAmount",
           round(COALESCE(sum(tax), 0))::int AS "taxAmount"
    FROM moves
    GROUP BY "currency", "province"
    ORDER BY "currency", "province" NULLS LAST`,
  };
}

type Statements = ReturnType<typeof operationsStatements>;

export interface OperationsServiceDeps {
  db: Db;
  /** The clock (tests pin it; docs/architecture.md rule 8). */
  now?: () => Date;
}

const rate = (onTime: number, late: number): number | null => (onTime + late === 0 ? null : onTime / (onTime + late));

export function createOperationsService(deps: OperationsServiceDeps) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  async function casesPerWeek(sql: Statements): Promise<CasesPerWeekRow[]> {
    return db.$queryRaw<CasesPerWeekRow[]>(sql.casesPerWeek);
  }

  async function byUrgency(sql: Statements) {
    const rows = await db.$queryRaw<
      Array<Omit<DurationRow, 'urgency'> & { urgency: string | null; onTime: number; late: number }>
    >(sql.byUrgency);
    // Every urgency has its row, with zeros when it had no case, and "all" last.
    const found = new Map(rows.map((row) => [row.urgency ?? 'all', row]));
    return [...URGENCIES, null].map((urgency: Urgency | null) => {
      const row = found.get(urgency ?? 'all');
      return {
        urgency,
        accepted: row?.accepted ?? 0,
        acceptMedianHours: row?.acceptMedianHours ?? null,
        acceptP90Hours: row?.acceptP90Hours ?? null,
        reviewed: row?.reviewed ?? 0,
        reviewMedianHours: row?.reviewMedianHours ?? null,
        reviewP90Hours: row?.reviewP90Hours ?? null,
        onTime: row?.onTime ?? 0,
        late: row?.late ?? 0,
      };
    });
  }

  async function onTimeBySpecialist(sql: Statements): Promise<OnTimeBySpecialistRow[]> {
    const rows = await db.$queryRaw<Array<Omit<OnTimeBySpecialistRow, 'rate'>>>(sql.onTimeBySpecialist);
    return rows.map((row) => ({ ...row, rate: rate(row.onTime, row.late) }));
  }

  async function overdueNow(sql: Statements): Promise<number> {
    const [row] = await db.$queryRaw<Array<{ count: number }>>(sql.overdueNow);
    return row?.count ?? 0;
  }

  async function revenue(sql: Statements): Promise<RevenueRow[]> {
    return db.$queryRaw<RevenueRow[]>(sql.revenue);
  }

  /** The whole dashboard; the administrator only. */
  async function report(actor: Actor | null, input: unknown): Promise<OperationsReport> {
    requireRole(actor, 'ADMIN', ADMIN_ONLY);
    const parsed = parseInput(operationsReportInputSchema, input ?? {});
    const now = clock();
    const month = parsed.month ?? monthOf(now);
    const { start, end } = monthBounds(month);
    const from = weeksStart(now, parsed.weeks);
    // One statement at a time: they are small, and PGlite serves one connection anyway.
    const sql = operationsStatements({ from, to: now, now, start, end });
    const weekly = await casesPerWeek(sql);
    const urgencies = await byUrgency(sql);
    const specialists = await onTimeBySpecialist(sql);
    const overdue = await overdueNow(sql);
    const money = await revenue(sql);
    return {
      generatedAt: now,
      month,
      monthStart: start,
      monthEnd: end,
      weeks: parsed.weeks,
      weeksFrom: from,
      overdueNow: overdue,
      casesPerWeek: weekly,
      durations: urgencies.map(({ onTime: _o, late: _l, ...row }) => row),
      onTimeByUrgency: urgencies.map(({ urgency, onTime, late }) => ({
        urgency,
        onTime,
        late,
        rate: rate(onTime, late),
      })),
      onTimeBySpecialist: specialists,
      revenue: money,
    };
  }

  return {
    report,
    /** The dashboard's numbers as one CSV table (operations.csv.ts), for the same input. */
    async csv(actor: Actor | null, input: unknown): Promise<{ filename: string; body: string }> {
      const data = await report(actor, input);
      return { filename: operationsCsvFilename(data), body: operationsCsv(data) };
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
