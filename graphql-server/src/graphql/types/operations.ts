import type {
  CasesPerWeekRow,
  DurationRow,
  OnTimeBySpecialistRow,
  OnTimeByUrgencyRow,
  OperationsReport,
  RevenueRow,
} from '../../domain/operations/operations.types';
import { builder } from '../builder';

// Issue 19: the administrator's operations dashboard. One root field; the service checks the role, parses
// the input with schema/src/operations.ts and runs the SQL aggregations (docs/architecture.md rule 2).
// The same numbers are the CSV of GET /api/admin/operations.csv.

const OperationsReportInput = builder.inputType('OperationsReportInput', {
  fields: (t) => ({
    month: t.string({ description: 'YYYY-MM, a calendar month in UTC; the current month when missing.' }),
    weeks: t.int({ description: 'How many weeks, ending with this one, the case numbers cover (1 to 52; 12).' }),
  }),
});

const CasesPerWeek = builder.objectRef<CasesPerWeekRow>('OperationsCasesPerWeek').implement({
  fields: (t) => ({
    weekStart: t.exposeString('weekStart', { description: 'Monday of the week, YYYY-MM-DD (UTC).' }),
    specialty: t.exposeString('specialty'),
    cases: t.exposeInt('cases'),
  }),
});

const Durations = builder.objectRef<DurationRow>('OperationsDurations').implement({
  description: 'Hours from activation to accept and to review; urgency null is every urgency together.',
  fields: (t) => ({
    urgency: t.exposeString('urgency', { nullable: true }),
    accepted: t.exposeInt('accepted'),
    acceptMedianHours: t.exposeFloat('acceptMedianHours', { nullable: true }),
    acceptP90Hours: t.exposeFloat('acceptP90Hours', { nullable: true }),
    reviewed: t.exposeInt('reviewed'),
    reviewMedianHours: t.exposeFloat('reviewMedianHours', { nullable: true }),
    reviewP90Hours: t.exposeFloat('reviewP90Hours', { nullable: true }),
  }),
});

const OnTimeByUrgency = builder.objectRef<OnTimeByUrgencyRow>('OperationsOnTimeByUrgency').implement({
  fields: (t) => ({
    urgency: t.exposeString('urgency', { nullable: true }),
    onTime: t.exposeInt('onTime'),
    late: t.exposeInt('late'),
    rate: t.exposeFloat('rate', { nullable: true, description: 'onTime / (onTime + late); null when none was due.' }),
  }),
});

const OnTimeBySpecialist = builder.objectRef<OnTimeBySpecialistRow>('OperationsOnTimeBySpecialist').implement({
  fields: (t) => ({
    specialistId: t.exposeInt('specialistId', { nullable: true }),
    specialistName: t.exposeString('specialistName', { nullable: true }),
    onTime: t.exposeInt('onTime'),
    late: t.exposeInt('late'),
    rate: t.exposeFloat('rate', { nullable: true }),
  }),
});

const Revenue = builder.objectRef<RevenueRow>('OperationsRevenue').implement({
  description: 'Money of the month by currency and province (cents): captured, refunded, net, and the tax in it.',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    province: t.exposeString('province', {
      nullable: true,
      description: "The clinic's province or territory (Canada) or state (US); null when its address gave none.",
    }),
    payments: t.exposeInt('payments'),
    capturedAmount: t.exposeInt('capturedAmount'),
    refundedAmount: t.exposeInt('refundedAmount'),
    netAmount: t.exposeInt('netAmount'),
    taxAmount: t.exposeInt('taxAmount'),
  }),
});

const Report = builder.objectRef<OperationsReport>('OperationsReport').implement({
  fields: (t) => ({
    generatedAt: t.expose('generatedAt', { type: 'DateTime' }),
    month: t.exposeString('month'),
    monthStart: t.expose('monthStart', { type: 'DateTime' }),
    monthEnd: t.expose('monthEnd', { type: 'DateTime' }),
    weeks: t.exposeInt('weeks'),
    weeksFrom: t.expose('weeksFrom', { type: 'DateTime' }),
    overdueNow: t.exposeInt('overdueNow'),
    casesPerWeek: t.expose('casesPerWeek', { type: [CasesPerWeek] }),
    durations: t.expose('durations', { type: [Durations] }),
    onTimeByUrgency: t.expose('onTimeByUrgency', { type: [OnTimeByUrgency] }),
    onTimeBySpecialist: t.expose('onTimeBySpecialist', { type: [OnTimeBySpecialist] }),
    revenue: t.expose('revenue', { type: [Revenue] }),
  }),
});

builder.queryFields((t) => ({
  operationsReport: t.field({
    type: Report,
    authScopes: { authenticated: true },
    description: "The administrator's operations dashboard: cases, turnaround, on-time rates, overdue now, money.",
    args: { input: t.arg({ type: OperationsReportInput }) },
    resolve: (_root, args, ctx) => ctx.services.operations.report(ctx.actor, args.input ?? {}),
  }),
}));
