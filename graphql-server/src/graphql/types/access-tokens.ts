import { ACCESS_TOKEN_SCOPES, createAccessTokenSchema } from '@vetconsult/schema/access-tokens';
import type { AccessTokenWithOwner } from '../../domain/auth/access-tokens.service';
import type { AccessToken } from '../../generated/prisma/client';
import { builder } from '../builder';
import { RoleEnum } from './user';

// Personal access tokens (issue 20) over GraphQL: the same service calls as the REST door
// (rest/access-tokens.routes.ts). Managing tokens needs a browser session; the service says so.

const AccessTokenScopeEnum = builder.enumType('AccessTokenScope', {
  description: 'read: queries, subscriptions and REST GET only; read_write: everything the owner may do.',
  values: ACCESS_TOKEN_SCOPES,
});

const AccessTokenType = builder.objectRef<AccessToken>('AccessToken').implement({
  description: 'A personal access token, without its secret (shown once, when it is created).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    scope: t.expose('scope', { type: AccessTokenScopeEnum }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the token, to tell tokens apart.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Recorded at most once a minute.',
    }),
  }),
});

const AccessTokenOwner = builder.objectRef<AccessTokenWithOwner['user']>('AccessTokenOwner').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    username: t.exposeString('username'),
    role: t.expose('role', { type: RoleEnum }),
  }),
});

const OwnedAccessToken = builder.objectRef<AccessTokenWithOwner>('OwnedAccessToken').implement({
  description: 'An access token with its owner, as the administrator lists them.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    scope: t.expose('scope', { type: AccessTokenScopeEnum }),
    prefix: t.exposeString('prefix'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    owner: t.field({ type: AccessTokenOwner, resolve: (token) => token.user }),
  }),
});

const CreatedAccessToken = builder
  .objectRef<{ token: string; accessToken: AccessToken }>('CreatedAccessToken')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token', {
        description: 'The secret: send it as `Authorization: Bearer <token>`. It is never shown again.',
      }),
      accessToken: t.field({ type: AccessTokenType, resolve: (created) => created.accessToken }),
    }),
  });

const CreateAccessTokenInput = builder.inputType('CreateAccessTokenInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    scope: t.field({ type: AccessTokenScopeEnum, required: true }),
    expiresAt: t.field({ type: 'DateTime', description: 'Absent or null: the token never expires.' }),
  }),
});

builder.queryFields((t) => ({
  myAccessTokens: t.field({
    type: [AccessTokenType],
    description: "The caller's personal access tokens that are not revoked, newest first.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.accessTokens.mine(ctx.actor),
  }),
  accessTokens: t.field({
    type: [OwnedAccessToken],
    description: 'Every personal access token that is not revoked, with its owner (administrator).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.accessTokens.all(ctx.actor),
  }),
}));

builder.mutationFields((t) => ({
  createAccessToken: t.field({
    type: CreatedAccessToken,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateAccessTokenInput, required: true, validate: createAccessTokenSchema }) },
    resolve: (_root, args, ctx) => ctx.services.accessTokens.create(ctx.actor, args.input),
  }),
  revokeAccessToken: t.boolean({
    description: "Revokes one of the caller's tokens; it stops working at once.",
    authScopes: { authenticated: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.accessTokens.revoke(ctx.actor, args);
      return true;
    },
  }),
  revokeAnyAccessToken: t.boolean({
    description: 'The administrator revokes any token.',
    authScopes: { authenticated: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.accessTokens.revokeAny(ctx.actor, args);
      return true;
    },
  }),
}));
