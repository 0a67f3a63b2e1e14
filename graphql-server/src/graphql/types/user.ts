import { profilePhotoUrl } from '../../domain/users/user.view';
import type { User } from '../../generated/prisma/client';
import { builder } from '../builder';

export const RoleEnum = builder.enumType('Role', { values: ['VETERINARIAN', 'SPECIALIST', 'ADMIN'] as const });

/** Private fields are readable by the user themself and by the administrator. */
const selfOrAdmin = (user: { id: number }, ctx: { actor: { id: number; role: string } | null }) =>
  ctx.actor !== null && (ctx.actor.id === user.id || ctx.actor.role === 'ADMIN');

builder.prismaObject('User', {
  // Select mode (issue 17, as Case in case.ts): a case's vet and specialist load these columns, read as
  // plain properties; every other field selects its own column. A row a service hands over (login,
  // register, users, updateProfile...) is answered through `wholeUsers` below, so it is not read again.
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

/**
 * The answer of a field whose user rows a service loaded whole (every column of `users`: login, register,
 * users, updateProfile...), for a `t.prismaField` resolver: the field's plan is recorded for the rows, so
 * their fields read them instead of loading them again (test/user-type-rows.test.ts). A whole row holds
 * every column a plan of User can select while the type selects no relation; the check below fails
 * loudly should one be added (a relation would need the service to load it, or this read).
 */
export function wholeUsers<T extends User | User[] | null>(query: { select?: object; include?: object }, rows: T): T {
  if (query.include || Object.values(query.select ?? {}).some((column) => column !== true))
    throw new Error('wholeUsers: the plan selects a relation of User, which a service row does not hold');
  return rows;
}
