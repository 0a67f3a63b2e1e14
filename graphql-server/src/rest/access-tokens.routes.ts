import { ACCESS_TOKEN_SCOPES, createAccessTokenSchema } from '@vetconsult/schema/access-tokens';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccessTokenWithOwner } from '../domain/auth/access-tokens.service';
import type { AccessToken } from '../generated/prisma/client';
import type { Services } from '../services';
import { defineRoute, numericId } from './contract';

// Personal access tokens (issue 20) over REST: thin wrappers over the access-token service, which owns
// every rule (a browser session to manage tokens, the administrator for everyone's). The secret appears
// only in the answer of POST /api/profile/tokens.

const dateTime = z.iso.datetime();

export const accessTokenViewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    prefix: z.string().describe('The first characters of the token, to recognise it.'),
    createdAt: dateTime,
    expiresAt: dateTime.nullable(),
    lastUsedAt: dateTime.nullable(),
  })
  .meta({ id: 'AccessToken' });
type AccessTokenView = z.infer<typeof accessTokenViewSchema>;

const ownedAccessTokenViewSchema = accessTokenViewSchema
  .extend({
    owner: z.object({
      id: z.number().int(),
      username: z.string(),
      role: z.enum(['VETERINARIAN', 'SPECIALIST', 'ADMIN']),
    }),
  })
  .meta({ id: 'OwnedAccessToken' });

export const toAccessTokenView = (token: AccessToken): AccessTokenView => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  expiresAt: token.expiresAt?.toISOString() ?? null,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

const toOwnedAccessTokenView = (token: AccessTokenWithOwner): z.infer<typeof ownedAccessTokenViewSchema> => ({
  ...toAccessTokenView(token),
  owner: { id: token.user.id, username: token.user.username, role: token.user.role },
});

const tag = 'Access tokens';
const sessionOnly = 'Needs a browser session (the cookie): a token cannot manage tokens.';
const byId = z.object({ id: numericId('token') });

export function registerAccessTokenRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accessTokens } = services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/tokens',
      tag,
      summary: 'One’s personal access tokens',
      description: sessionOnly,
      access: 'session',
      responses: {
        200: {
          description: 'The tokens (never their secret).',
          json: z.object({ tokens: z.array(accessTokenViewSchema) }),
        },
      },
      errors: [403],
    },
    async (request) => ({ tokens: (await accessTokens.mine(request.actor)).map(toAccessTokenView) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/tokens',
      tag,
      summary: 'Create a personal access token',
      description: `${sessionOnly} The secret is in this answer only; send it as \`Authorization: Bearer vcpat_…\`.`,
      access: 'session',
      body: { json: createAccessTokenSchema },
      responses: {
        201: {
          description: 'Created.',
          json: z.object({ token: z.string().describe('The secret, shown once.'), accessToken: accessTokenViewSchema }),
        },
      },
    },
    async (request, reply) => {
      const created = await accessTokens.create(request.actor, request.body ?? {});
      reply.status(201);
      return { token: created.token, accessToken: toAccessTokenView(created.accessToken) };
    },
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/profile/tokens/:id',
      tag,
      summary: 'Revoke one of one’s tokens',
      description: sessionOnly,
      access: 'session',
      params: byId,
      responses: { 204: { description: 'Revoked at once (open sockets using it are closed).', empty: true } },
      errors: [400, 404],
    },
    async (request, reply) => {
      await accessTokens.revoke(request.actor, { id: request.params.id });
      return reply.status(204).send();
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/tokens',
      tag,
      summary: 'Every user’s tokens (administrators)',
      description: sessionOnly,
      access: 'session',
      responses: {
        200: {
          description: 'The tokens with their owners.',
          json: z.object({ tokens: z.array(ownedAccessTokenViewSchema) }),
        },
      },
      errors: [403],
    },
    async (request) => ({ tokens: (await accessTokens.all(request.actor)).map(toOwnedAccessTokenView) }),
  );
  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/tokens/:id',
      tag,
      summary: 'Revoke any user’s token (administrators)',
      description: sessionOnly,
      access: 'session',
      params: byId,
      responses: { 204: { description: 'Revoked.', empty: true } },
      errors: [400, 404],
    },
    async (request, reply) => {
      await accessTokens.revokeAny(request.actor, { id: request.params.id });
      return reply.status(204).send();
    },
  );
}
