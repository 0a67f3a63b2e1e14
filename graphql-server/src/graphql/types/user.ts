import { profilePhotoUrl } from '../../domain/users/user.view';
import { builder } from '../builder';

export const RoleEnum = builder.enumType('Role', { values: ['VETERINARIAN', 'SPECIALIST', 'ADMIN'] as const });

/** Private fields are readable by the user themself and by the administrator. */
const selfOrAdmin = (user: { id: number }, ctx: { actor: { id: number; role: string } | null }) =>
  ctx.actor !== null && (ctx.actor.id === user.id || ctx.actor.role === 'ADMIN');

export const UserType = builder.prismaObject('User', {
  // Select mode (issue 17, as Case in case.ts): the base columns are read as plain properties.
  select: { id: true, name: true, clinicName: true },
  fields: (t) => ({
    id: t.int({ resolve: (user) => user.id }),
    username: t.exposeString('username'),
    name: t.string({ resolve: (user) => user.name }),
    role: t.expose('role', { type: RoleEnum }),
    specialty: t.exposeString('specialty', { nullable: true }),
    clinicName: t.string({ nullable: true, resolve: (user) => user.clinicName }),
    clinicAddress: t.exposeString('clinicAddress', { nullable: true }),
    timezone: t.exposeString('timezone'),
    approved: t.exposeBoolean('approved'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    profilePhotoUrl: t.string({
      nullable: true,
      select: { profilePhotoKey: true, updatedAt: true },
      resolve: (user) => profilePhotoUrl(user),
    }),
    email: t.exposeString('email', { authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx) }),
    onboardingCompleted: t.exposeBoolean('onboardingCompleted', {
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
    }),
    stripeCustomerId: t.exposeString('stripeCustomerId', {
      nullable: true,
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
    }),
    stripeCustomerSynced: t.exposeBoolean('stripeCustomerSynced', {
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
    }),
  }),
});
