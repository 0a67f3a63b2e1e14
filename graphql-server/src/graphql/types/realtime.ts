import { canReadCase } from '../../domain/cases/cases.rules';
import {
  availableCaseEventKey,
  caseEventKey,
  oneCaseEventKey,
  receivesAvailableCaseEvent,
  receivesCaseEvent,
  receivesCaseListEvent,
  receivesDraftEvent,
} from '../../domain/realtime/realtime.rules';
import type { CaseChanged, DraftSaved, SpecialistChanged } from '../../lib/events';
import { builder } from '../builder';
import { DashboardStats } from './case';

// Live updates: filtered views of the events the services publish after commit. Payloads are re-read
// through Prisma with the subscriber's permissions; the web uses these instead of the spec's polling.

const CaseChangeKind = builder.enumType('CaseChangeKind', {
  values: [
    'activated',
    'accepted',
    'reviewed',
    'revisited',
    'file_added',
    'updated',
    'cancelled',
    'declined',
    'reassigned',
  ] as const,
});

const CaseEvent = builder.objectRef<CaseChanged>('CaseEvent').implement({
  description: 'A change to a case the subscriber may read.',
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    status: t.exposeString('status'),
    kind: t.expose('kind', { type: CaseChangeKind }),
    at: t.float({ description: 'When the change committed (epoch ms)', resolve: (event) => event.at }),
    case: t.prismaField({
      type: 'Case',
      nullable: true,
      description:
        'The case as it is now (null if it no longer exists, or the subscriber no longer reads it: a case they declined or that was moved away from them).',
      resolve: async (query, event, _args, ctx) => {
        const kase = await ctx.db.case.findUnique({ ...query, where: { uuid: event.uuid } });
        return kase && ctx.actor && canReadCase(ctx.actor, kase) ? kase : null;
      },
    }),
  }),
});

const DraftEvent = builder.objectRef<DraftSaved>('DraftEvent').implement({
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    version: t.exposeInt('version'),
    at: t.float({ resolve: (event) => event.at }),
  }),
});

const SpecialistEventKind = builder.enumType('SpecialistEventKind', {
  values: ['registered', 'approved', 'rejected', 'availability'] as const,
});

const SpecialistEvent = builder.objectRef<SpecialistChanged>('SpecialistEvent').implement({
  fields: (t) => ({
    specialistId: t.exposeInt('specialistId'),
    kind: t.expose('kind', { type: SpecialistEventKind }),
    at: t.float({ resolve: (event) => event.at }),
  }),
});

// A subscription's filter keeps its subscriber's actor, not the context it started with: the context
// (and what plugins cache per context) is then freed once the subscription started, and each event is
// executed with a context of its own (graphql/subscription-events.ts).
builder.subscriptionFields((t) => ({
  caseUpdated: t.prismaField({
    type: 'Case',
    nullable: true,
    authScopes: { authenticated: true },
    description: 'The case each time it changes (status, files, summary).',
    args: { uuid: t.arg.string({ required: true }) },
    subscribe: (_root, args, { actor, events }) => {
      const uuid = args.uuid.toLowerCase();
      return events.subscribe(
        'case.changed',
        (event) => event.uuid === uuid && receivesCaseEvent(actor, event),
        oneCaseEventKey(uuid),
      );
    },
    resolve: (query, event: CaseChanged, _args, ctx) =>
      ctx.db.case.findUnique({ ...query, where: { uuid: event.uuid } }),
  }),
  myCasesChanged: t.field({
    type: CaseEvent,
    authScopes: { authenticated: true },
    description: "A change to one of the subscriber's cases (a vet's own, a specialist's assigned, any for admin).",
    subscribe: (_root, _args, { actor, events }) =>
      events.subscribe('case.changed', (event) => receivesCaseListEvent(actor, event), caseEventKey(actor)),
    resolve: (event) => event,
  }),
  availableCasesChanged: t.field({
    type: CaseEvent,
    authScopes: { approvedSpecialist: true },
    description: "A case entered or left the signed-in specialist's Available Cases.",
    subscribe: (_root, _args, { actor, events }) =>
      events.subscribe(
        'case.changed',
        (event) => receivesAvailableCaseEvent(actor, event),
        availableCaseEventKey(actor),
      ),
    resolve: (event) => event,
  }),
  dashboardStatsChanged: t.field({
    type: DashboardStats,
    authScopes: { authenticated: true },
    description: "The subscriber's dashboard stats, recomputed when one of their cases changes.",
    subscribe: (_root, _args, { actor, events }) =>
      events.subscribe('case.changed', (event) => receivesCaseListEvent(actor, event), caseEventKey(actor)),
    resolve: (_event: CaseChanged, _args, ctx) => ctx.services.cases.stats(ctx.actor),
  }),
  pendingSpecialistsChanged: t.field({
    type: SpecialistEvent,
    authScopes: { admin: true },
    description: 'A specialist registered, was approved or was rejected.',
    subscribe: (_root, _args, ctx) =>
      ctx.events.subscribe('specialist.changed', (event) => event.kind !== 'availability'),
    resolve: (event) => event,
  }),
  draftChanged: t.field({
    type: DraftEvent,
    authScopes: { veterinarian: true },
    description: 'The draft was saved elsewhere (another tab or device).',
    args: { uuid: t.arg.string({ required: true }) },
    subscribe: (_root, args, { actor, events }) => {
      const uuid = args.uuid.toLowerCase();
      return events.subscribe('draft.saved', (event) => receivesDraftEvent(actor, event, uuid), oneCaseEventKey(uuid));
    },
    resolve: (event: DraftSaved) => event,
  }),
}));
