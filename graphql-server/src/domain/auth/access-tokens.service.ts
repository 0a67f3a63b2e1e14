import { ACCESS_TOKEN_PREFIX, accessTokenIdSchema, createAccessTokenSchema } from '@vetconsult/schema/access-tokens';
import type { AccessToken, User } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { notFound, unauthenticated } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { hashToken, newToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validation';
import { type Actor, ADMIN_ONLY, requireRole, requireSession } from '../actor';

// Personal access tokens (issue 20): a script calls the API with `Authorization: Bearer vcpat_…` on REST,
// GraphQL over HTTP or the WebSocket's connection_init. Created and revoked by their owner from a browser
// session (a token cannot mint tokens); the administrator lists and revokes any. Only the SHA-256 of a
// token is stored; its secret is returned once, by `create`. Every call checks the token again, so a
// revoked or expired one is refused at once; sockets opened with one are closed by `accessTokens.revoked`
// (graphql/ws.ts) or by their own expiry timer.

export const INVALID_ACCESS_TOKEN = 'Invalid access token: it is unknown, or was revoked.';
export const EXPIRED_ACCESS_TOKEN = 'This access token has expired. Create a new one in Settings → API access.';
export const TOKEN_NOT_FOUND = 'Access token not found';
/** Characters of the token shown in lists (`vcpat_` and the first few of the secret). */
const PREFIX_LENGTH = ACCESS_TOKEN_PREFIX.length + 6;
/** lastUsedAt is written at most this often per token, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** Longer than any token this server mints (`vcpat_` + 43 base64url characters): not looked up. */
const MAX_TOKEN_LENGTH = 100;

export type AccessTokenWithOwner = AccessToken & { user: Pick<User, 'id' | 'username' | 'role'> };

export interface AccessTokenServiceDeps {
  db: Db;
  events: EventBus;
  logger: Logger;
  now?: () => Date;
}

export function createAccessTokenService(deps: AccessTokenServiceDeps) {
  const { db, events, logger } = deps;
  const now = deps.now ?? (() => new Date());
  /** When this instance last wrote lastUsedAt, per token id. */
  const lastWritten = new Map<number, number>();

  function touch(tokenId: number): void {
    const at = now();
    const previous = lastWritten.get(tokenId);
    if (previous !== undefined && at.getTime() - previous < LAST_USED_RESOLUTION_MS) return;
    if (lastWritten.size > 50_000) lastWritten.clear();
    lastWritten.set(tokenId, at.getTime());
    // Conditional, so several instances together still write about once a minute; off the request path.
    void db.accessToken
      .updateMany({
        where: {
          id: tokenId,
          OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(at.getTime() - LAST_USED_RESOLUTION_MS) } }],
        },
        data: { lastUsedAt: at },
      })
      .catch((error: unknown) => logger.warn({ err: error, tokenId }, 'could not record when a token was used'));
  }

  async function revokeWhere(where: { id: number; userId?: number }): Promise<void> {
    const token = await db.accessToken.findFirst({ where, select: { id: true, userId: true, revokedAt: true } });
    if (!token) throw notFound(TOKEN_NOT_FOUND);
    if (token.revokedAt) return;
    const changed = await db.accessToken.updateMany({
      where: { id: token.id, revokedAt: null },
      data: { revokedAt: now() },
    });
    if (changed.count === 1) {
      events.publish('accessTokens.revoked', { userId: token.userId, tokenId: token.id, at: Date.now() });
    }
  }

  return {
    /**
     * The actor behind `Authorization: Bearer <token>`. A token that is unknown, revoked or expired, or
     * whose account is gone, is refused with 401 (the gate never falls back to a cookie).
     */
    async actorFromAccessToken(secret: string): Promise<Actor> {
      if (!secret.startsWith(ACCESS_TOKEN_PREFIX) || secret.length > MAX_TOKEN_LENGTH) {
        throw unauthenticated(INVALID_ACCESS_TOKEN);
      }
      const token = await db.accessToken.findUnique({
        where: { tokenHash: hashToken(secret) },
        select: {
          id: true,
          scope: true,
          expiresAt: true,
          revokedAt: true,
          user: { select: { id: true, role: true, approved: true, specialty: true } },
        },
      });
      if (!token || token.revokedAt) throw unauthenticated(INVALID_ACCESS_TOKEN);
      if (token.expiresAt && token.expiresAt <= now()) throw unauthenticated(EXPIRED_ACCESS_TOKEN);
      // A specialist whose approval was withdrawn cannot sign in; their tokens stop with them.
      if (token.user.role === 'SPECIALIST' && !token.user.approved) throw unauthenticated(INVALID_ACCESS_TOKEN);
      touch(token.id);
      return {
        ...token.user,
        sessionId: null,
        token: { id: token.id, scope: token.scope, expiresAt: token.expiresAt },
      };
    },

    /** The caller's own tokens that still work or were used, newest first (revoked ones are not listed). */
    async mine(actor: Actor | null): Promise<AccessToken[]> {
      const who = requireSession(actor);
      return db.accessToken.findMany({
        where: { userId: who.id, revokedAt: null },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },

    /** A new token for the caller; the secret is in the answer and nowhere else. */
    async create(actor: Actor | null, input: unknown): Promise<{ token: string; accessToken: AccessToken }> {
      const who = requireSession(actor);
      const data = parseInput(createAccessTokenSchema, input);
      const secret = ACCESS_TOKEN_PREFIX + newToken();
      const accessToken = await db.accessToken.create({
        data: {
          userId: who.id,
          name: data.name,
          scope: data.scope,
          expiresAt: data.expiresAt ?? null,
          tokenHash: hashToken(secret),
          prefix: secret.slice(0, PREFIX_LENGTH),
        },
      });
      logger.info({ userId: who.id, tokenId: accessToken.id, scope: data.scope }, 'access token created');
      return { token: secret, accessToken };
    },

    /** The owner revokes one of their tokens; it stops working at once, on every instance. */
    async revoke(actor: Actor | null, input: unknown): Promise<void> {
      const who = requireSession(actor);
      const { id } = parseInput(accessTokenIdSchema, input);
      await revokeWhere({ id, userId: who.id });
    },

    /** Every token that still works or was used (administrator), with its owner, newest first. */
    async all(actor: Actor | null): Promise<AccessTokenWithOwner[]> {
      requireSession(requireRole(actor, 'ADMIN', ADMIN_ONLY));
      return db.accessToken.findMany({
        where: { revokedAt: null },
        include: { user: { select: { id: true, username: true, role: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },

    /** The administrator revokes any token. */
    async revokeAny(actor: Actor | null, input: unknown): Promise<void> {
      requireSession(requireRole(actor, 'ADMIN', ADMIN_ONLY));
      const { id } = parseInput(accessTokenIdSchema, input);
      await revokeWhere({ id });
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
