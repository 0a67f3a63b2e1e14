import {
  changePasswordSchema,
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resetPasswordSchema,
} from '@vetconsult/schema/auth';
import type { Context } from '../../context';
import type { SignedIn } from '../../domain/auth/auth.service';
import type { User } from '../../generated/prisma/client';
import { builder, noRowToLoad } from '../builder';
import { RoleEnum, wholeUsers } from './user';

// Sign-in, registration and password reset over GraphQL: the same service calls as the REST door.

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    password: t.string({ required: true }),
    email: t.string({ required: true }),
    name: t.string({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
    specialty: t.string(),
    clinicName: t.string(),
    clinicAddress: t.string(),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    username: t.string({ required: true, description: 'E-mail address or username' }),
    password: t.string({ required: true }),
    rememberMe: t.boolean(),
  }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

const RegisterResult = builder.objectRef<{ user: User; signedIn: boolean }>('RegisterResult').implement({
  fields: (t) => ({
    user: t.prismaField({ type: 'User', resolve: (query, result) => wholeUsers(query, result.user) }),
    signedIn: t.exposeBoolean('signedIn', { description: 'false for a specialist pending approval' }),
  }),
});

/** Sets the cookie and makes the rest of this request act as the signed-in user (its private fields). */
function startSession(ctx: Context, signedIn: SignedIn) {
  if (!signedIn.sessionToken || !signedIn.sessionId) return;
  ctx.cookies?.setSession(signedIn.sessionToken, signedIn.persistent);
  const { user } = signedIn;
  ctx.actor = {
    id: user.id,
    role: user.role,
    approved: user.approved,
    specialty: user.specialty,
    sessionId: signedIn.sessionId,
  };
  ctx.sessionToken = signedIn.sessionToken;
}

builder.queryFields((t) => ({
  me: t.prismaField({
    type: 'User',
    nullable: true,
    authScopes: { public: true },
    description: 'The signed-in user, or null.',
    resolve: (query, _root, _args, ctx) =>
      ctx.actor ? ctx.db.user.findUnique({ ...query, where: { id: ctx.actor.id } }) : noRowToLoad(query),
  }),
  resetTokenValid: t.boolean({
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.auth.isResetTokenValid(args.token),
  }),
}));

builder.mutationFields((t) => ({
  register: t.field({
    type: RegisterResult,
    authScopes: { public: true },
    args: { input: t.arg({ type: RegisterInput, required: true, validate: registerSchema }) },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.services.auth.register(args.input, ctx.request);
      startSession(ctx, result);
      return { user: result.user, signedIn: result.sessionToken !== null };
    },
  }),
  login: t.prismaField({
    type: 'User',
    authScopes: { public: true },
    args: { input: t.arg({ type: LoginInput, required: true, validate: loginSchema }) },
    resolve: async (query, _root, args, ctx) => {
      const result = await ctx.services.auth.login(args.input, ctx.request);
      startSession(ctx, result);
      return wholeUsers(query, result.user);
    },
  }),
  logout: t.boolean({
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.auth.logout(ctx.sessionToken);
      ctx.cookies?.clearSession();
      return true;
    },
  }),
  requestPasswordReset: t.boolean({
    authScopes: { public: true },
    args: { email: t.arg.string({ required: true }) },
    validate: passwordResetRequestSchema,
    resolve: async (_root, args, ctx) => {
      await ctx.services.auth.requestPasswordReset(args);
      return true;
    },
  }),
  resetPassword: t.boolean({
    authScopes: { public: true },
    args: { input: t.arg({ type: ResetPasswordInput, required: true, validate: resetPasswordSchema }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.auth.resetPassword(args.input);
      return true;
    },
  }),
  changePassword: t.boolean({
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, validate: changePasswordSchema }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.auth.changePassword(ctx.actor, args.input);
      return true;
    },
  }),
}));
