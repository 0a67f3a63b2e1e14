import { CASE_STATUS_FILTERS } from '@vetconsult/schema/consult';
import { CASE_ROUTINGS, isOverdue, specialistNeed, URGENCIES } from '@vetconsult/schema/turnaround';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@vetconsult/schema/values';
import type { Context } from '../../context';
import {
  canReadCase,
  caseLabel,
  caseTitle,
  displayId,
  isRevisit,
  readsDeclines,
  shortId,
} from '../../domain/cases/cases.rules';
import { fieldsOnly } from '../../domain/cases/files';
import { canReadSummaryDraft } from '../../domain/cases/summary-draft.service';
import type { Prisma } from '../../generated/prisma/client';
import { fileDownloadPath } from '../../rest/paths';
import { builder } from '../builder';

// Cases, drafts and the dashboard over GraphQL: the same service calls as the REST door
// (rest/cases.routes.ts). Lists select through the `query` argument, so relations load in batches.
// File uploads travel over REST multipart (SPEC §7); GraphQL reads them and their download paths.

export const CaseStatusEnum = builder.enumType('CaseStatus', { values: CASE_STATUSES });
export const CaseUrgencyEnum = builder.enumType('CaseUrgency', { values: URGENCIES });
export const CaseRoutingEnum = builder.enumType('CaseRouting', { values: CASE_ROUTINGS });
const CaseRefund = builder.objectRef<{ amount: number; refundedAt: Date; currency: string }>('CaseRefund').implement({
  fields: (t) => ({
    amount: t.exposeInt('amount', { description: 'Cents' }),
    currency: t.exposeString('currency'),
    refundedAt: t.expose('refundedAt', { type: 'DateTime' }),
  }),
});

const SpecialistNeedEnum = builder.enumType('SpecialistNeed', { values: ['declined', 'unaccepted'] as const });

/** One decline of a case (issue 19): who declined it, why, when. */
const CaseDeclineRef = builder
  .objectRef<{ specialistId: number | null; reason: string; createdAt: Date; specialist: { name: string } | null }>(
    'CaseDecline',
  )
  .implement({
    fields: (t) => ({
      specialistId: t.exposeInt('specialistId', { nullable: true }),
      specialistName: t.string({ nullable: true, resolve: (decline) => decline.specialist?.name ?? null }),
      reason: t.exposeString('reason'),
      declinedAt: t.field({ type: 'DateTime', resolve: (decline) => decline.createdAt }),
    }),
  });

/** The answer to a decline: the declining specialist no longer reads the case, so not the case itself. */
const DeclineResultRef = builder
  .objectRef<{ uuid: string; status: string; reason: string; declinedAt: Date }>('DeclineResult')
  .implement({
    fields: (t) => ({
      uuid: t.exposeString('uuid', { description: 'The declined case' }),
      status: t.exposeString('status'),
      reason: t.exposeString('reason'),
      declinedAt: t.field({ type: 'DateTime', resolve: (result) => result.declinedAt }),
    }),
  });

export const CaseStatusFilterEnum = builder.enumType('CaseStatusFilter', { values: CASE_STATUS_FILTERS });
export const FileCategoryEnum = builder.enumType('FileCategory', {
  values: ['input', 'summary', 'message'] as const,
});

const revisitSelect = { originalCaseId: true, revisitNumber: true, baseUuid: true, revisionNumber: true } as const;

// Select mode (issue 17): a row loads the columns of its base `select` and those of the fields asked for,
// not every column. The base columns are read as plain properties: a field with a selection of its own
// (t.expose*, or `select:`) looks its row's loading plan up at every row, which on a 100-row list was the
// largest cost of the response after Prisma itself (docs/performance.md).
builder.prismaObject('CaseFile', {
  select: { id: true, filename: true, fileType: true },
  fields: (t) => ({
    id: t.int({ resolve: (file) => file.id }),
    caseId: t.exposeInt('caseId'),
    filename: t.string({ resolve: (file) => file.filename }),
    originalName: t.string({ resolve: (file) => file.filename }),
    fileType: t.string({ resolve: (file) => file.fileType }),
    fileSize: t.exposeInt('fileSize', { description: 'Bytes' }),
    fileCategory: t.expose('fileCategory', { type: FileCategoryEnum }),
    uploadedById: t.exposeInt('uploadedById', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    url: t.string({
      description: 'Download path (REST, cookie session)',
      resolve: (file) => fileDownloadPath(file.id),
    }),
  }),
});

builder.prismaObject('Case', {
  // Wherever a case is reached (root field, list, relation, subscription), the same read rule as the
  // root `case` field (cases.rules.ts canReadCase, issue 21 item 5). Relations that may point at a case
  // the reader cannot read resolve to null first (originalCase below), so this is the last line.
  authScopes: (kase, ctx) => ctx.actor !== null && canReadCase(ctx.actor, kase),
  // Checked once per case as it is completed (its isTypeOf), not again before each of its fields: on a
  // 100-row page that was the scope check wrapped around every field of every row (issue 17). A case
  // the reader may not read still answers FORBIDDEN, as a whole rather than field by field.
  runScopesOnType: true,
  // The columns of the read rule (authScopes above, case-access.ts READ_RULE_COLUMNS), and the light ones
  // every list shows; the long texts and JSON come only when asked for.
  select: {
    id: true,
    uuid: true,
    vetId: true,
    specialistId: true,
    status: true,
    specialty: true,
    routing: true,
    ...revisitSelect,
    patientName: true,
    familyLastName: true,
    createdAt: true,
  },
  fields: (t) => ({
    id: t.int({ resolve: (kase) => kase.id }),
    uuid: t.string({ resolve: (kase) => kase.uuid }),
    shortId: t.string({ resolve: (kase) => shortId(kase.uuid) }),
    displayId: t.string({ resolve: (kase) => displayId(kase) }),
    label: t.string({ description: "'Revisit #N' or 'New Consult'", resolve: (kase) => caseLabel(kase) }),
    isRevisit: t.boolean({ resolve: (kase) => isRevisit(kase) }),
    title: t.string({ resolve: (kase) => caseTitle(kase) }),
    baseUuid: t.string({ nullable: true, resolve: (kase) => kase.baseUuid }),
    revisionNumber: t.int({ resolve: (kase) => kase.revisionNumber }),
    originalCaseId: t.int({ nullable: true, resolve: (kase) => kase.originalCaseId }),
    revisitNumber: t.int({ resolve: (kase) => kase.revisitNumber }),
    vetId: t.int({ resolve: (kase) => kase.vetId }),
    specialistId: t.int({ nullable: true, resolve: (kase) => kase.specialistId }),
    specialty: t.string({ nullable: true, resolve: (kase) => kase.specialty }),
    patientName: t.string({ nullable: true, resolve: (kase) => kase.patientName }),
    familyLastName: t.string({ nullable: true, resolve: (kase) => kase.familyLastName }),
    contactEmail: t.exposeString('contactEmail', { nullable: true }),
    submittingDvm: t.exposeString('submittingDvm', { nullable: true }),
    dateOfBirth: t.exposeString('dateOfBirth', { nullable: true }),
    species: t.exposeString('species', { nullable: true }),
    sex: t.exposeString('sex', { nullable: true }),
    breed: t.exposeString('breed', { nullable: true }),
    spayNeuterStatus: t.exposeString('spayNeuterStatus', { nullable: true }),
    age: t.exposeFloat('age', { nullable: true }),
    ageUnit: t.exposeString('ageUnit', { nullable: true }),
    clinicalSigns: t.exposeString('clinicalSigns', { nullable: true }),
    questions: t.exposeString('questions', { nullable: true }),
    specialistResponses: t.expose('specialistResponses', { type: 'JSON', nullable: true }),
    nutritionComplex: t.exposeBoolean('nutritionComplex'),
    termsAccepted: t.exposeBoolean('termsAccepted'),
    status: t.field({ type: CaseStatusEnum, resolve: (kase) => kase.status }),
    statusLabel: t.string({ resolve: (kase) => CASE_STATUS_LABELS[kase.status] ?? kase.status }),
    summary: t.exposeString('summary', { nullable: true }),
    summaryDraft: t.string({
      nullable: true,
      description: 'The summary being written (autosaved); only the assigned specialist reads it, else null.',
      select: { summaryDraft: true, vetId: true, specialistId: true, status: true },
      resolve: (kase, _args, ctx) => (canReadSummaryDraft(ctx.actor, kase) ? kase.summaryDraft : null),
    }),
    isPaid: t.exposeBoolean('isPaid'),
    paymentAmount: t.exposeInt('paymentAmount', { nullable: true }),
    version: t.exposeInt('version'),
    createdAt: t.field({ type: 'DateTime', resolve: (kase) => kase.createdAt }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    acceptedAt: t.expose('acceptedAt', { type: 'DateTime', nullable: true }),
    reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true }),
    urgency: t.expose('urgency', { type: CaseUrgencyEnum }),
    routing: t.field({ type: CaseRoutingEnum, resolve: (kase) => kase.routing }),
    activatedAt: t.expose('activatedAt', { type: 'DateTime', nullable: true, description: 'When it was paid' }),
    dueAt: t.expose('dueAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Activation + the urgency window (48 h, 24 h, 4 h); null before payment',
    }),
    overdue: t.boolean({
      description: 'Pending or In Progress past its due time (the veterinarian, specialist and admin see it flagged)',
      select: { dueAt: true, status: true },
      resolve: (kase) => isOverdue(kase.dueAt, kase.status, new Date()),
    }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    specialistNeed: t.field({
      type: SpecialistNeedEnum,
      nullable: true,
      description:
        'Issue 19: why its veterinarian may move this paid, unaccepted case to another specialist now (declined, or no one accepted it within a quarter of its window); null otherwise.',
      select: { status: true, specialistId: true, routing: true, urgency: true, activatedAt: true },
      resolve: (kase) => specialistNeed(kase, new Date()),
    }),
    declines: t.field({
      type: [CaseDeclineRef],
      description:
        'Who declined this case and why, newest first (its veterinarian and the administrator; empty otherwise).',
      select: {
        vetId: true,
        declines: {
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { specialistId: true, reason: true, createdAt: true, specialist: { select: { name: true } } },
        },
      },
      resolve: (kase, _args, ctx) => (readsDeclines(ctx.actor, kase) ? kase.declines : []),
    }),
    refund: t.field({
      type: CaseRefund,
      nullable: true,
      description: "The refund of the case's payment (issue 19), for its veterinarian and the administrator",
      select: {
        vetId: true,
        payments: {
          where: { refundedAt: { not: null } },
          select: { refundAmount: true, refundedAt: true, currency: true },
          take: 1,
        },
      },
      resolve: (kase, _args, ctx) => {
        const refund = kase.payments[0];
        if (!refund?.refundedAt || !ctx.actor || (ctx.actor.role !== 'ADMIN' && ctx.actor.id !== kase.vetId))
          return null;
        return { amount: refund.refundAmount ?? 0, refundedAt: refund.refundedAt, currency: refund.currency };
      },
    }),
    vet: t.relation('vet'),
    specialist: t.relation('specialist', { nullable: true }),
    originalCase: t.relation('originalCase', {
      nullable: true,
      description:
        'The case this revisit reopens, when the reader may read it (its veterinarian, the administrator, or its own assigned specialist); null otherwise.',
      resolve: async (query, kase, _args, ctx) => {
        if (kase.originalCaseId === null || ctx.actor === null) return null;
        const original = await ctx.db.case.findUnique({ ...query, where: { id: kase.originalCaseId } });
        return original && canReadCase(ctx.actor, original) ? original : null;
      },
    }),
    files: t.relation('files', {
      args: { category: t.arg({ type: FileCategoryEnum }) },
      query: (args) => ({
        where: args.category ? { fileCategory: args.category } : {},
        orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }],
      }),
    }),
  }),
});

export const DashboardStats = builder
  .objectRef<{ activeCount: number; completedThisWeek: number; pendingCount: number }>('DashboardStats')
  .implement({
    fields: (t) => ({
      activeCount: t.exposeInt('activeCount', { description: 'Accepted cases (In Progress)' }),
      completedThisWeek: t.exposeInt('completedThisWeek', {
        description: "Reviewed since Monday 00:00 in the user's time zone",
      }),
      pendingCount: t.exposeInt('pendingCount'),
    }),
  });

const SpecialistResponseInput = builder.inputType('SpecialistResponseInput', {
  fields: (t) => ({
    questionId: t.int(),
    questionText: t.string(),
    answer: t.string({ required: true }),
  }),
});

/** The consult form's fields; a draft accepts any subset, a submission must pass the full rules. */
const ConsultInput = builder.inputType('ConsultInput', {
  fields: (t) => ({
    specialty: t.string(),
    species: t.string(),
    patientName: t.string(),
    familyLastName: t.string(),
    contactEmail: t.string(),
    submittingDvm: t.string(),
    dateOfBirth: t.string(),
    sex: t.string(),
    breed: t.string(),
    spayNeuterStatus: t.string(),
    age: t.float(),
    ageUnit: t.string(),
    clinicalSigns: t.string(),
    questions: t.string(),
    specificSpecialistId: t.int(),
    firstAvailable: t.boolean({
      description:
        'Issue 19: offer the consult to every available specialist of its specialty instead of a named one (specificSpecialistId then stays empty)',
    }),
    termsAccepted: t.boolean(),
    specialistResponses: t.field({ type: [SpecialistResponseInput] }),
    nutritionComplex: t.boolean(),
    urgency: t.string({ description: 'routine (default) | priority | stat' }),
  }),
});

const RevisitInput = builder.inputType('RevisitInput', {
  fields: (t) => ({
    originalCaseUuid: t.string({ required: true }),
    specialistId: t.int(),
    clinicalSigns: t.string({ required: true }),
    questions: t.string({ required: true }),
    termsAccepted: t.boolean({ required: true }),
    paymentIntentId: t.string(),
    couponCode: t.string(),
    urgency: t.string({ description: 'routine (default) | priority | stat' }),
  }),
});

/** Input objects hold only the fields the client sent (absent ones stay absent). */
const plain = (input: object) => ({ ...input }) as Record<string, unknown>;

/**
 * The answer of a mutation: the services return the row they wrote, and this is the one read of it,
 * with the client's selection.
 */
const selected =
  (ctx: Context, query: { include?: Prisma.CaseInclude; select?: Prisma.CaseSelect }) => (kase: { id: number }) =>
    ctx.db.case.findUniqueOrThrow({ ...query, where: { id: kase.id } });

builder.queryFields((t) => ({
  case: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description: 'One case by uuid (or numeric id), for its veterinarian, its specialist or the administrator.',
    args: { uuid: t.arg.string({ required: true }) },
    // One read: the selection with the columns of the read rule, checked by the service.
    resolve: (query, _root, args, ctx) => ctx.services.cases.readCase(ctx.actor, args.uuid, query),
  }),
  myCases: t.prismaField({
    type: ['Case'],
    authScopes: { authenticated: true },
    description:
      'Veterinarian: own cases; specialist: assigned cases; administrator: all. Newest first; pass the last uuid as `after` for the next page.',
    args: {
      search: t.arg.string(),
      status: t.arg({ type: CaseStatusFilterEnum }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.db.case.findMany({ ...query, ...ctx.services.cases.listArgs(ctx.actor, plain(args)) }),
  }),
  availableCases: t.prismaField({
    type: ['Case'],
    authScopes: { authenticated: true },
    description:
      'Pending cases assigned to the signed-in specialist in their specialty, waiting to be accepted, and the cases sent to the first available specialist of their specialty while they are available now.',
    resolve: async (query, _root, _args, ctx) =>
      ctx.db.case.findMany({ ...query, ...(await ctx.services.cases.availableArgs(ctx.actor)) }),
  }),
  drafts: t.prismaField({
    type: ['Case'],
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.db.case.findMany({ ...query, ...ctx.services.drafts.listArgs(ctx.actor) }),
  }),
  draft: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.services.drafts.getDraft(ctx.actor, args.uuid, query),
  }),
  dashboardStats: t.field({
    type: DashboardStats,
    authScopes: { authenticated: true },
    args: { userId: t.arg.int() },
    resolve: (_root, args, ctx) => ctx.services.cases.stats(ctx.actor, args.userId ?? undefined),
  }),
}));

builder.mutationFields((t) => ({
  saveDraft: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description:
      'Creates a draft (no uuid) or saves over `version`. An outdated version fails with code CONFLICT and extensions { conflict, serverVersion, conflictFields, serverData }.',
    args: {
      uuid: t.arg.string(),
      version: t.arg.int(),
      input: t.arg({ type: ConsultInput, required: true }),
    },
    resolve: (query, _root, args, ctx) =>
      (args.uuid
        ? ctx.services.drafts.updateDraft(ctx.actor, args.uuid, { ...plain(args.input), version: args.version })
        : ctx.services.drafts.createDraft(ctx.actor, plain(args.input))
      ).then(selected(ctx, query)),
  }),
  deleteDraft: t.boolean({
    authScopes: { authenticated: true },
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.drafts.deleteDraft(ctx.actor, args.uuid);
      return true;
    },
  }),
  removeDraftFile: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description: 'Removes a diagnostic file from your draft or unpaid case; returns the case.',
    args: { fileId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.drafts.removeDraftFile(ctx.actor, args.fileId).then(selected(ctx, query)),
  }),
  saveSummaryDraft: t.field({
    type: 'DateTime',
    authScopes: { authenticated: true },
    description:
      'Keeps the final summary being written (assigned specialist, accepted case); returns when it was saved.',
    args: { uuid: t.arg.string({ required: true }), summary: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) =>
      (await ctx.services.summaryDrafts.saveSummaryDraft(ctx.actor, args.uuid, { summary: args.summary })).savedAt,
  }),
  startPayment: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description: 'Converts a complete draft for payment (draft -> pending_payment).',
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.drafts.startPayment(ctx.actor, args.uuid).then(selected(ctx, query)),
  }),
  submitConsult: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description:
      'Final submission without files (files go through POST /api/cases). Activated only by a succeeded payment of this veterinarian.',
    args: {
      input: t.arg({ type: ConsultInput, required: true }),
      caseId: t.arg.string(),
      paymentIntentId: t.arg.string(),
      couponCode: t.arg.string(),
    },
    resolve: (query, _root, { input, ...rest }, ctx) =>
      ctx.services.cases
        .submitConsult(ctx.actor, fieldsOnly({ ...plain(input), ...plain(rest) }))
        .then(selected(ctx, query)),
  }),
  cancelCase: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description:
      'Issue 19: the veterinarian cancels a paid case that no specialist has accepted; the payment is refunded in full and the coupon use released. Replaying it changes nothing.',
    args: { uuid: t.arg.string({ required: true }), reason: t.arg.string() },
    resolve: (query, _root, args, ctx) =>
      ctx.services.payments
        .cancelCase(ctx.actor, args.uuid, { reason: args.reason ?? undefined })
        .then(selected(ctx, query)),
  }),
  declineCase: t.field({
    type: DeclineResultRef,
    authScopes: { authenticated: true },
    description:
      'Issue 19: the specialist a pending case is assigned to declines it with a reason; the case goes back to its veterinarian, who moves it to another specialist without paying again.',
    args: { uuid: t.arg.string({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { kase, decline } = await ctx.services.cases.declineCase(ctx.actor, args.uuid, { reason: args.reason });
      return { uuid: kase.uuid, status: kase.status, reason: decline.reason, declinedAt: decline.createdAt };
    },
  }),
  reassignCase: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description:
      'Issue 19: the veterinarian moves a declined case, or one nobody accepted within a quarter of its window, to another approved specialist of its specialty or to the first available one. No new payment; the due time stays.',
    args: { uuid: t.arg.string({ required: true }), specialistId: t.arg.int(), firstAvailable: t.arg.boolean() },
    resolve: (query, _root, args, ctx) =>
      ctx.services.cases
        .reassignCase(ctx.actor, args.uuid, {
          specialistId: args.specialistId ?? undefined,
          firstAvailable: args.firstAvailable ?? undefined,
        })
        .then(selected(ctx, query)),
  }),
  acceptCase: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.cases.acceptCase(ctx.actor, args.uuid).then(selected(ctx, query)),
  }),
  submitReview: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    description: 'The final summary; attachments go through POST /api/cases/{id}/review or /files.',
    args: { uuid: t.arg.string({ required: true }), summary: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.cases
        .submitReview(ctx.actor, args.uuid, fieldsOnly({ summary: args.summary }))
        .then(selected(ctx, query)),
  }),
  completeCase: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.cases.completeCase(ctx.actor, args.uuid).then(selected(ctx, query)),
  }),
  createRevisit: t.prismaField({
    type: 'Case',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: RevisitInput, required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.services.cases.createRevisit(ctx.actor, fieldsOnly(plain(args.input))).then(selected(ctx, query)),
  }),
}));
