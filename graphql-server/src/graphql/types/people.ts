import type { NotificationPreferences } from '../../domain/people/profile.service';
import type { PublicSpecialistQuestion, SpecialistListItem } from '../../domain/people/specialists.service';
import { builder } from '../builder';
import { wholeUsers } from './user';

// Specialist directory, availability, specialist questions, the administrator's pages and the profile:
// the same service calls as the REST door (rest/people.routes.ts).

const SpecialistListItemType = builder.objectRef<SpecialistListItem>('SpecialistListItem').implement({
  description: 'A specialist as listed on the consult form, with availability evaluated now in their time zone.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    specialty: t.exposeString('specialty', { nullable: true }),
    timezone: t.exposeString('timezone'),
    isAvailable: t.exposeBoolean('isAvailable'),
    nextAvailable: t.exposeString('nextAvailable', {
      nullable: true,
      description: "Start of the next slot for people, e.g. 'Mon, Mar 9, 9:00 AM PDT'; null when none is set.",
    }),
    nextAvailableAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (item) => (item.nextAvailableAt ? new Date(item.nextAvailableAt) : null),
    }),
  }),
});

const AvailabilitySlotType = builder.prismaObject('Availability', {
  name: 'AvailabilitySlot',
  fields: (t) => ({
    id: t.exposeInt('id'),
    specialistId: t.exposeInt('specialistId'),
    dayOfWeek: t.exposeInt('dayOfWeek', { description: '0 (Sunday) to 6 (Saturday)' }),
    startTime: t.exposeString('startTime', { description: 'HH:MM, 24-hour' }),
    endTime: t.exposeString('endTime', { description: 'HH:MM, 24-hour' }),
  }),
});

const SpecialistQuestionType = builder.prismaObject('SpecialistQuestion', {
  description: "A specialist's own extra question, as they manage it.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    specialty: t.exposeString('specialty'),
    questionText: t.exposeString('questionText'),
    required: t.exposeBoolean('required'),
    active: t.exposeBoolean('active'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const PublicSpecialistQuestionType = builder.objectRef<PublicSpecialistQuestion>('PublicSpecialistQuestion').implement({
  description: 'An active question of the chosen specialist, shown on the consult form.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    questionText: t.exposeString('questionText'),
    required: t.exposeBoolean('required'),
  }),
});

const NotificationPreferencesType = builder.objectRef<NotificationPreferences>('NotificationPreferences').implement({
  fields: (t) => ({
    notifyNewCases: t.exposeBoolean('notifyNewCases'),
    notifyStatusUpdates: t.exposeBoolean('notifyStatusUpdates'),
    notifyReminders: t.exposeBoolean('notifyReminders'),
  }),
});

const RejectedSpecialistType = builder.objectRef<{ id: number; name: string }>('RejectedSpecialist').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const AvailabilitySlotInput = builder.inputType('AvailabilitySlotInput', {
  fields: (t) => ({
    dayOfWeek: t.int({ required: true }),
    startTime: t.string({ required: true }),
    endTime: t.string({ required: true }),
  }),
});

const SpecialistQuestionInput = builder.inputType('SpecialistQuestionInput', {
  fields: (t) => ({
    questionText: t.string({ required: true }),
    required: t.boolean(),
    active: t.boolean(),
  }),
});

const SpecialistQuestionUpdateInput = builder.inputType('SpecialistQuestionUpdateInput', {
  fields: (t) => ({
    questionText: t.string(),
    required: t.boolean(),
    active: t.boolean(),
  }),
});

const ProfileInput = builder.inputType('ProfileInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    timezone: t.string(),
    clinicName: t.string({ description: 'Veterinarians only; empty clears it.' }),
    clinicAddress: t.string({ description: 'Veterinarians only; empty clears it.' }),
  }),
});

const NotificationPreferencesInput = builder.inputType('NotificationPreferencesInput', {
  fields: (t) => ({
    notifyNewCases: t.boolean(),
    notifyStatusUpdates: t.boolean(),
    notifyReminders: t.boolean(),
  }),
});

/** GraphQL's absent optional fields arrive as null or undefined; the services want them absent. */
function withoutNulls<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}

builder.queryFields((t) => ({
  specialists: t.field({
    type: [SpecialistListItemType],
    authScopes: { authenticated: true },
    description: 'Approved specialists, of one specialty when given.',
    args: { specialty: t.arg.string() },
    resolve: (_root, args, ctx) => ctx.services.specialists.directory(ctx.actor, args.specialty),
  }),
  availability: t.field({
    type: [AvailabilitySlotType],
    authScopes: { authenticated: true },
    description: "A specialist's weekly slots (the specialist themself, or the administrator).",
    args: { specialistId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.listAvailability(ctx.actor, args.specialistId),
  }),
  specialistQuestions: t.field({
    type: [PublicSpecialistQuestionType],
    authScopes: { authenticated: true },
    description: 'The active questions of a chosen specialist.',
    args: { specialistId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.activeQuestions(ctx.actor, args.specialistId),
  }),
  mySpecialistQuestions: t.field({
    type: [SpecialistQuestionType],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.specialists.myQuestions(ctx.actor),
  }),
  pendingSpecialists: t.prismaField({
    type: ['User'],
    authScopes: { authenticated: true },
    description: 'Specialists awaiting approval; with includeApproved, approved ones follow.',
    args: { includeApproved: t.arg.boolean({ defaultValue: false }) },
    resolve: async (query, _root, args, ctx) =>
      wholeUsers(
        query,
        await ctx.services.admin.specialists(ctx.actor, args.includeApproved ? {} : { approved: false }),
      ),
  }),
  users: t.prismaField({
    type: ['User'],
    authScopes: { authenticated: true },
    resolve: async (query, _root, _args, ctx) => wholeUsers(query, await ctx.services.admin.users(ctx.actor)),
  }),
  notificationPreferences: t.field({
    type: NotificationPreferencesType,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.profile.notificationPreferences(ctx.actor),
  }),
}));

builder.mutationFields((t) => ({
  addAvailabilitySlot: t.field({
    type: AvailabilitySlotType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: AvailabilitySlotInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.addAvailability(ctx.actor, args.input),
  }),
  deleteAvailabilitySlot: t.field({
    type: AvailabilitySlotType,
    authScopes: { authenticated: true },
    description: 'Removes one of your slots and returns it.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.deleteAvailability(ctx.actor, args.id),
  }),
  createSpecialistQuestion: t.field({
    type: SpecialistQuestionType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SpecialistQuestionInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.createQuestion(ctx.actor, withoutNulls(args.input)),
  }),
  updateSpecialistQuestion: t.field({
    type: SpecialistQuestionType,
    authScopes: { authenticated: true },
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: SpecialistQuestionUpdateInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.specialists.updateQuestion(ctx.actor, args.id, withoutNulls(args.input)),
  }),
  deleteSpecialistQuestion: t.field({
    type: SpecialistQuestionType,
    authScopes: { authenticated: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.specialists.deleteQuestion(ctx.actor, args.id),
  }),
  approveSpecialist: t.prismaField({
    type: 'User',
    authScopes: { authenticated: true },
    args: { specialistId: t.arg.int({ required: true }) },
    resolve: async (query, _root, args, ctx) => wholeUsers(query, await ctx.services.admin.approve(ctx.actor, args)),
  }),
  rejectSpecialist: t.field({
    type: RejectedSpecialistType,
    authScopes: { authenticated: true },
    description: 'Removes a pending application permanently (and signs that account out everywhere).',
    args: { specialistId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.admin.reject(ctx.actor, args),
  }),
  updateProfile: t.prismaField({
    type: 'User',
    authScopes: { authenticated: true },
    description: 'Name, e-mail, time zone and (veterinarians) clinic; the photo goes through PUT /api/profile.',
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: async (query, _root, args, ctx) =>
      wholeUsers(query, await ctx.services.profile.updateProfile(ctx.actor, withoutNulls(args.input))),
  }),
  deleteProfilePhoto: t.prismaField({
    type: 'User',
    authScopes: { authenticated: true },
    resolve: async (query, _root, _args, ctx) => wholeUsers(query, await ctx.services.profile.deletePhoto(ctx.actor)),
  }),
  updateNotificationPreferences: t.field({
    type: NotificationPreferencesType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: NotificationPreferencesInput, required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.profile.updateNotificationPreferences(ctx.actor, withoutNulls(args.input)),
  }),
  completeOnboarding: t.prismaField({
    type: 'User',
    authScopes: { authenticated: true },
    resolve: async (query, _root, _args, ctx) =>
      wholeUsers(query, await ctx.services.profile.completeOnboarding(ctx.actor)),
  }),
}));
