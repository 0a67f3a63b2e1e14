import { profilePhotoUrl } from '../../domain/users/user.view';
import { builder } from '../builder';

export const RoleEnum = builder.enumType('Role', { values: ['VETERINARIAN', 'SPECIALIST', 'ADMIN'] as const });

/** Private fields are readable by the user themself and by the administrator. */
const selfOrAdmin = (user: { id: number }, ctx: { actor: { id: number; role: string } | null }) =>
  ctx.actor !== null && (ctx.actor.id === user.id || ctx.actor.role === 'ADMIN');

export const UserType = builder.prismaObject('User', {
  // Issue 17: a user loaded for a case (its vet, its specialist) loads these columns, not every one (the
  // password hash, the notification switches). Every field is a plain read of them: a field with a
  // selection of its own would, on a row a service hands over (login, register, users, updateProfile),
  // load the row again before answering (test/user-type-rows.test.ts).
  select: {
    id: true,
    username: true,
    name: true,
    role: true,
    specialty: true,
    clinicName: true,
    clinicAddress: true,
    timezone: true,
    approved: true,
    createdAt: true,
    updatedAt: true,
    profilePhotoKey: true,
    email: true,
    onboardingCompleted: true,
    stripeCustomerId: true,
    stripeCustomerSynced: true,
  },
  fields: (t) => ({
    id: t.int({ resolve: (user) => user.id }),
    username: t.string({ resolve: (user) => user.username }),
    name: t.string({ resolve: (user) => user.name }),
    role: t.field({ type: RoleEnum, resolve: (user) => user.role }),
    specialty: t.string({ nullable: true, resolve: (user) => user.specialty }),
    clinicName: t.string({ nullable: true, resolve: (user) => user.clinicName }),
    clinicAddress: t.string({ nullable: true, resolve: (user) => user.clinicAddress }),
    timezone: t.string({ resolve: (user) => user.timezone }),
    approved: t.boolean({ resolve: (user) => user.approved }),
    createdAt: t.field({ type: 'DateTime', resolve: (user) => user.createdAt }),
    profilePhotoUrl: t.string({ nullable: true, resolve: (user) => profilePhotoUrl(user) }),
    email: t.string({ authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx), resolve: (user) => user.email }),
    onboardingCompleted: t.boolean({
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      resolve: (user) => user.onboardingCompleted,
    }),
    stripeCustomerId: t.string({
      nullable: true,
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      resolve: (user) => user.stripeCustomerId,
    }),
    stripeCustomerSynced: t.boolean({
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      resolve: (user) => user.stripeCustomerSynced,
    }),
  }),
});
