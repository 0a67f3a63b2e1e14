import type { FastifyInstance } from 'fastify';
import type { AccessTokenWithOwner } from '../domain/auth/access-tokens.service';
import type { AccessToken } from '../generated/prisma/client';
import type { Services } from '../services';

// Personal access tokens (issue 20) over REST: thin wrappers over the access-token service, which owns
// every rule (a browser session to manage tokens, the administrator for everyone's). The secret appears
// only in the answer of POST /api/profile/tokens.

type IdParams = { Params: { id: string } };

export const toAccessTokenView = (token: AccessToken) => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  expiresAt: token.expiresAt?.toISOString() ?? null,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

const toOwnedAccessTokenView = (token: AccessTokenWithOwner) => ({
  ...toAccessTokenView(token),
  owner: { id: token.user.id, username: token.user.username, role: token.user.role },
});

export function registerAccessTokenRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accessTokens } = services;

  app.get('/api/profile/tokens', async (request) => ({
    tokens: (await accessTokens.mine(request.actor)).map(toAccessTokenView),
  }));
  app.post('/api/profile/tokens', async (request, reply) => {
    const created = await accessTokens.create(request.actor, request.body ?? {});
    return reply.status(201).send({ token: created.token, accessToken: toAccessTokenView(created.accessToken) });
  });
  app.delete<IdParams>('/api/profile/tokens/:id', async (request, reply) => {
    await accessTokens.revoke(request.actor, { id: request.params.id });
    return reply.status(204).send();
  });

  app.get('/api/admin/tokens', async (request) => ({
    tokens: (await accessTokens.all(request.actor)).map(toOwnedAccessTokenView),
  }));
  app.delete<IdParams>('/api/admin/tokens/:id', async (request, reply) => {
    await accessTokens.revokeAny(request.actor, { id: request.params.id });
    return reply.status(204).send();
  });
}
