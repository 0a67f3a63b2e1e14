import { randomUUID } from 'node:crypto';
import { MONTH_MESSAGE, WEEKS_MESSAGE, weeksStart } from '@vetconsult/schema/operations';
import { URGENCY_WINDOW_HOURS, type Urgency } from '@vetconsult/schema/turnaround';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { neutralizeFormula, OPERATIONS_CSV_HEADER, operationsCsv } from '../src/domain/operations/operations.csv';
import { createOperationsService } from '../src/domain/operations/operations.service';
import type { OperationsReport } from '../src/domain/operations/operations.types';
import type { User } from '../src/generated/prisma/client';
import type { CaseStatus } from '../src/generated/prisma/enums';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 19: the operations dashboard. A known set of cases and payments with fixed timestamps in March 2001
// (far from every other test's rows in the shared database), the service's clock pinned inside it, and every
// number checked against values worked out by hand below. Then both doors: who is refused, bad input, and
// the CSV.

const HOUR = 3_600_000;
/** Monday 2001-03-05 00:00 UTC: the first of the two weeks the report covers. */
const W1 = Date.UTC(2001, 2, 5);
const at = (hours: number) => new Date(W1 + hours * HOUR);
/** Wednesday 2001-03-14 12:00 UTC: the pinned "now" (T+228 h). */
const NOW = at(228);

let server: TestServer;
let admin: User;
let adminClient: TestClient;
let report: OperationsReport;
let adaId: number;
let benId: number;
const tag = randomUUID().slice(0, 6);

interface CaseSpec {
  activated: number;
  urgency: Urgency;
  specialty: string;
  specialistId: number | null;
  status: CaseStatus;
  accept?: number;
  review?: number;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = await createUser(db, { role: 'ADMIN' });
  adminClient = await signedInClient(server.url, admin);
  const vet = await createUser(db, { role: 'VETERINARIAN' });
  adaId = (await createUser(db, { role: 'SPECIALIST', approved: true, name: `Ada Ops ${tag}` })).id;
  benId = (
    await createUser(db, { role: 'SPECIALIST', approved: true, name: `Ben Ops ${tag}`, specialty: 'Dermatology' })
  ).id;

  async function kase(spec: CaseSpec, activatedAt = at(spec.activated)) {
    return db.case.create({
      data: {
        vetId: vet.id,
        specialistId: spec.specialistId,
        specialty: spec.specialty,
        status: spec.status,
        urgency: spec.urgency,
        routing: spec.specialistId === null ? 'first_available' : 'named',
        activatedAt,
        dueAt: new Date(activatedAt.getTime() + URGENCY_WINDOW_HOURS[spec.urgency] * HOUR),
        acceptedAt: spec.accept === undefined ? null : new Date(activatedAt.getTime() + spec.accept * HOUR),
        reviewedAt: spec.review === undefined ? null : new Date(activatedAt.getTime() + spec.review * HOUR),
        cancelledAt: spec.status === 'cancelled' ? new Date(activatedAt.getTime() + HOUR) : null,
        createdAt: activatedAt,
      },
    });
  }
  const card = 'Cardiology';
  const derm = 'Dermatology';
  const ada = adaId;
  const ben = benId;
  // Routine (48 h)
  const c1 = await kase({
    activated: 0,
    urgency: 'routine',
    specialty: card,
    specialistId: ada,
    status: 'reviewed',
    accept: 1,
    review: 10,
  });
  const c2 = await kase({
    activated: 24,
    urgency: 'routine',
    specialty: card,
    specialistId: ada,
    status: 'reviewed',
    accept: 2,
    review: 20,
  });
  const c3 = await kase({
    activated: 48,
    urgency: 'routine',
    specialty: derm,
    specialistId: ben,
    status: 'reviewed',
    accept: 3,
    review: 50,
  }); // late
  await kase({ activated: 170, urgency: 'routine', specialty: card, specialistId: ada, status: 'accepted', accept: 4 }); // due T+218: overdue
  // not due yet (due T+274): neither on time nor late, but accepted
  await kase({ activated: 226, urgency: 'routine', specialty: card, specialistId: ada, status: 'accepted', accept: 1 });
  // Priority (24 h)
  const c5 = await kase({
    activated: 72,
    urgency: 'priority',
    specialty: derm,
    specialistId: ben,
    status: 'reviewed',
    accept: 0.5,
    review: 12,
  });
  const c6 = await kase({ activated: 172, urgency: 'priority', specialty: derm, specialistId: ben, status: 'pending' }); // overdue
  // STAT (4 h)
  const c7 = await kase({
    activated: 200,
    urgency: 'stat',
    specialty: card,
    specialistId: ada,
    status: 'reviewed',
    accept: 0.25,
    review: 3,
  });
  await kase({ activated: 205, urgency: 'stat', specialty: card, specialistId: null, status: 'pending' }); // overdue, nobody's
  const c13 = await kase({
    activated: 180,
    urgency: 'stat',
    specialty: derm,
    specialistId: ben,
    status: 'reviewed',
    accept: 1,
    review: 2,
  });
  // Cancelled: counts in cases per week only.
  await kase({ activated: 30, urgency: 'routine', specialty: card, specialistId: ada, status: 'cancelled' });
  // Before the two weeks: a late review (ignored) and a case overdue since February (counted as overdue now).
  const feb = new Date(Date.UTC(2001, 1, 20));
  const c10 = await kase(
    {
      activated: 0,
      urgency: 'routine',
      specialty: card,
      specialistId: ada,
      status: 'reviewed',
      accept: 1,
      review: 100,
    },
    feb,
  );
  await kase({ activated: 0, urgency: 'routine', specialty: card, specialistId: ada, status: 'pending' }, feb);
  // Not activated (a draft): nowhere.
  await db.case.create({ data: { vetId: vet.id, specialty: card, status: 'draft', createdAt: at(1) } });

  let intent = 0;
  async function payment(
    caseId: number,
    p: {
      total: number;
      tax: number;
      province: string | null;
      currency?: string;
      activatedAt: Date | null;
      refundedAt?: Date;
    },
  ) {
    await db.payment.create({
      data: {
        caseId,
        userId: vet.id,
        type: 'consultation',
        provider: 'test',
        providerPaymentIntentId: `pi_ops_${tag}_${intent++}`,
        status: p.activatedAt ? 'succeeded' : 'failed',
        currency: p.currency ?? 'cad',
        originalAmount: p.total - p.tax,
        taxAmount: p.tax,
        totalAmount: p.total,
        province: p.province,
        isCanadian: p.province !== null,
        activatedAt: p.activatedAt,
        refundedAt: p.refundedAt ?? null,
        refundAmount: p.refundedAt ? p.total : null,
      },
    });
  }
  await payment(c1.id, { total: 11300, tax: 1300, province: 'ON', activatedAt: at(0) });
  await payment(c2.id, { total: 11300, tax: 1300, province: 'ON', activatedAt: at(24), refundedAt: at(120) });
  await payment(c3.id, { total: 11498, tax: 1498, province: 'QC', activatedAt: at(48) });
  // captured in February, refunded in March (on the 2nd)
  await payment(c10.id, { total: 11200, tax: 1200, province: 'BC', activatedAt: feb, refundedAt: at(-72) });
  await payment(c5.id, { total: 10000, tax: 0, province: null, currency: 'usd', activatedAt: at(72) });
  await payment(c6.id, { total: 11300, tax: 1300, province: 'ON', activatedAt: null }); // failed: no money
  await payment(c7.id, { total: 22600, tax: 2600, province: 'ON', activatedAt: new Date(Date.UTC(2001, 3, 1)) }); // April
  await payment(c13.id, { total: 11300, tax: 1300, province: 'ON', activatedAt: new Date(Date.UTC(2001, 2, 1)) }); // March 1st

  const service = createOperationsService({ db, now: () => NOW });
  const actor: Actor = { id: admin.id, role: 'ADMIN', approved: true, specialty: null, sessionId: 'test' };
  report = await service.report(actor, { month: '2001-03', weeks: 2 });
});
afterAll(() => server.close());

describe('the numbers (worked out by hand)', () => {
  it('covers two weeks from Monday 00:00 UTC and the calendar month in UTC', () => {
    expect(report.weeksFrom.toISOString()).toBe('2001-03-05T00:00:00.000Z');
    expect(report.monthStart.toISOString()).toBe('2001-03-01T00:00:00.000Z');
    expect(report.monthEnd.toISOString()).toBe('2001-04-01T00:00:00.000Z');
    expect(weeksStart(new Date('2001-03-12T00:00:00Z'), 1).toISOString()).toBe('2001-03-12T00:00:00.000Z');
    expect(weeksStart(new Date('2001-03-11T23:59:59Z'), 1).toISOString()).toBe('2001-03-05T00:00:00.000Z');
  });

  it('cases per week by specialty (activated cases, cancelled included, drafts not)', () => {
    expect(report.casesPerWeek).toEqual([
      { weekStart: '2001-03-05', specialty: 'Cardiology', cases: 3 },
      { weekStart: '2001-03-05', specialty: 'Dermatology', cases: 2 },
      { weekStart: '2001-03-12', specialty: 'Cardiology', cases: 4 },
      { weekStart: '2001-03-12', specialty: 'Dermatology', cases: 2 },
    ]);
  });

  it('median and 90th percentile of the time to accept and to review, overall and per urgency', () => {
    const byUrgency = Object.fromEntries(report.durations.map((row) => [row.urgency ?? 'all', row]));
    // accept hours 0.25 0.5 1 1 1 2 3 4: median (1+1)/2, p90 at 6.3 -> 3 + 0.3 * (4-3)
    // review hours 2 3 10 12 20 50: median (10+12)/2, p90 at 4.5 -> 20 + 0.5 * 30
    expect(byUrgency.all).toMatchObject({ accepted: 8, acceptMedianHours: 1, reviewed: 6, reviewMedianHours: 11 });
    expect(byUrgency.all?.acceptP90Hours).toBeCloseTo(3.3, 9);
    expect(byUrgency.all?.reviewP90Hours).toBeCloseTo(35, 9);
    // routine accept 1 1 2 3 4 -> 2, p90 at 3.6 -> 3.6; review 10 20 50 -> 20, p90 at 1.8 -> 44
    expect(byUrgency.routine).toMatchObject({ accepted: 5, acceptMedianHours: 2, reviewed: 3, reviewMedianHours: 20 });
    expect(byUrgency.routine?.acceptP90Hours).toBeCloseTo(3.6, 9);
    expect(byUrgency.routine?.reviewP90Hours).toBeCloseTo(44, 9);
    expect(byUrgency.priority).toEqual({
      urgency: 'priority',
      accepted: 1,
      acceptMedianHours: 0.5,
      acceptP90Hours: 0.5,
      reviewed: 1,
      reviewMedianHours: 12,
      reviewP90Hours: 12,
    });
    // stat accept 0.25 1 -> 0.625, p90 0.25 + 0.9 * 0.75; review 2 3 -> 2.5, p90 2.9
    expect(byUrgency.stat).toMatchObject({
      accepted: 2,
      acceptMedianHours: 0.625,
      reviewed: 2,
      reviewMedianHours: 2.5,
    });
    expect(byUrgency.stat?.acceptP90Hours).toBeCloseTo(0.925, 9);
    expect(byUrgency.stat?.reviewP90Hours).toBeCloseTo(2.9, 9);
    expect(report.durations.map((row) => row.urgency)).toEqual(['routine', 'priority', 'stat', null]);
  });

  it('on-time rate per urgency: answered by the due time, against answered late or open past it', () => {
    expect(report.onTimeByUrgency).toEqual([
      { urgency: 'routine', onTime: 2, late: 2, rate: 0.5 },
      { urgency: 'priority', onTime: 1, late: 1, rate: 0.5 },
      { urgency: 'stat', onTime: 2, late: 1, rate: 2 / 3 },
      { urgency: null, onTime: 5, late: 4, rate: 5 / 9 },
    ]);
  });

  it('on-time rate per specialist, the cases nobody accepted last', () => {
    expect(report.onTimeBySpecialist).toEqual([
      { specialistId: adaId, specialistName: `Ada Ops ${tag}`, onTime: 3, late: 1, rate: 0.75 },
      { specialistId: benId, specialistName: `Ben Ops ${tag}`, onTime: 2, late: 2, rate: 0.5 },
      { specialistId: null, specialistName: null, onTime: 0, late: 1, rate: 0 },
    ]);
  });

  it('overdue now: pending or accepted past the due time, whatever the week', () => {
    expect(report.overdueNow).toBe(4);
  });

  it('revenue and tax of the month by currency and province: captures minus refunds, boundaries in UTC', () => {
    expect(report.revenue).toEqual([
      // captured in February, refunded in March
      {
        currency: 'cad',
        province: 'BC',
        payments: 0,
        capturedAmount: 0,
        refundedAmount: 11200,
        netAmount: -11200,
        taxAmount: -1200,
      },
      // March 1st 00:00 in, April 1st 00:00 out, one refunded, a failed payment nowhere
      {
        currency: 'cad',
        province: 'ON',
        payments: 3,
        capturedAmount: 33900,
        refundedAmount: 11300,
        netAmount: 22600,
        taxAmount: 2600,
      },
      {
        currency: 'cad',
        province: 'QC',
        payments: 1,
        capturedAmount: 11498,
        refundedAmount: 0,
        netAmount: 11498,
        taxAmount: 1498,
      },
      {
        currency: 'usd',
        province: null,
        payments: 1,
        capturedAmount: 10000,
        refundedAmount: 0,
        netAmount: 10000,
        taxAmount: 0,
      },
    ]);
  });
});

describe('the doors', () => {
  it('both doors give the administrator the same report', async () => {
    const rest = await adminClient.get('/api/admin/operations?month=2001-03&weeks=3');
    expect(rest.status).toBe(200);
    expect(rest.headers.get('cache-control')).toContain('no-store');
    const gql = await adminClient.gql(
      `query ($input: OperationsReportInput) { operationsReport(input: $input) {
        month weeks monthStart overdueNow
        revenue { currency province payments capturedAmount refundedAmount netAmount taxAmount } } }`,
      { input: { month: '2001-03', weeks: 3 } },
    );
    expect(gql.errors).toBeUndefined();
    expect(rest.body.revenue).toEqual(report.revenue);
    expect(gql.data.operationsReport.revenue).toEqual(report.revenue);
    expect(gql.data.operationsReport).toMatchObject({
      month: '2001-03',
      weeks: 3,
      monthStart: '2001-03-01T00:00:00.000Z',
    });
    expect(rest.body).toMatchObject({ month: '2001-03', weeks: 3, monthStart: '2001-03-01T00:00:00.000Z' });
    // With the real clock, every case of the fixture is overdue (and so may others' be).
    expect(rest.body.overdueNow).toBeGreaterThanOrEqual(4);
  });

  it('anyone but the administrator is refused, on the report and on its CSV', async () => {
    const vet = await signedInClient(server.url, await createUser(server.database.db, { role: 'VETERINARIAN' }));
    const specialist = await signedInClient(
      server.url,
      await createUser(server.database.db, { role: 'SPECIALIST', approved: true }),
    );
    for (const client of [vet, specialist]) {
      for (const path of ['/api/admin/operations', '/api/admin/operations.csv']) {
        const response = await client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body).toMatchObject({ message: 'Only the administrator can do this' });
      }
      const gql = await client.gql('{ operationsReport { overdueNow } }');
      expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(gql.data).toBeNull();
    }
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/admin/operations.csv')).status).toBe(401);
    expect((await anonymous.gql('{ operationsReport { overdueNow } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('a bad month or number of weeks is a 400 with words, never a 500', async () => {
    for (const month of ['2001-13', '2001-3', 'March', '1999-12', '2001-03-01', '%00']) {
      const response = await adminClient.get(`/api/admin/operations?month=${encodeURIComponent(month)}`);
      expect(response.status, month).toBe(400);
      expect(response.body.message).toBe(MONTH_MESSAGE);
    }
    const twice = await adminClient.get('/api/admin/operations.csv?month=2001-03&month=2001-04');
    expect(twice.status).toBe(400);
    for (const weeks of ['0', '53', '1.5', 'x']) {
      const response = await adminClient.get(`/api/admin/operations.csv?weeks=${weeks}`);
      expect(response.status, weeks).toBe(400);
      expect(response.body.message).toBe(WEEKS_MESSAGE);
    }
    const gql = await adminClient.gql('query { operationsReport(input: { month: "2001-00" }) { month } }');
    expect(gql.errors?.[0]).toMatchObject({ message: MONTH_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('the CSV: text/csv, an attachment named for the month, the header row, and the month numbers', async () => {
    const response = await adminClient.get('/api/admin/operations.csv?month=2001-03&weeks=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="operations-2001-03\.csv"/);
    const lines = String(response.body).split('\r\n');
    expect(lines[0]).toBe(OPERATIONS_CSV_HEADER.join(','));
    expect(lines).toContain('report,,,month,2001-03');
    expect(lines).toContain('report,,,weeks,2');
    expect(lines.some((line) => /^report,,,weeks_from,\d{4}-\d\d-\d\dT00:00:00\.000Z$/.test(line))).toBe(true);
    expect(lines).toContain('revenue,cad,ON,net_cents,22600');
    expect(lines).toContain('revenue,cad,BC,tax_cents,-1200');
    expect(lines).toContain('revenue,usd,Unknown,captured_cents,10000');
    expect(lines.filter((line) => line.startsWith('revenue,')).length).toBe(4 * 5);
    expect(lines.at(-1)).toBe('');
  });

  it('a name is quoted where it holds a comma or a quote, and never runs as a spreadsheet formula', () => {
    const csv = operationsCsv({
      ...report,
      onTimeBySpecialist: [{ specialistId: 7, specialistName: '=cmd|"x",y', onTime: 1, late: 0, rate: 1 }],
    });
    expect(csv.split('\r\n')).toContain(`on_time_by_specialist,"'=cmd|""x"",y",7,on_time,1`);
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralizeFormula('-2+3')).toBe(`'-2+3`);
    expect(neutralizeFormula(-1200)).toBe(-1200);
    expect(neutralizeFormula('Ada, "the fast"')).toBe('Ada, "the fast"');
  });
});
