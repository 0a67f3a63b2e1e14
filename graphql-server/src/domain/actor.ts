import type { AccessTokenScope, Role } from '../generated/prisma/enums';
import { DomainError, forbidden, unauthenticated } from '../lib/errors';

/**
 * Who is calling: resolved once per request (or per WebSocket connection) by the one context builder
 * (`context.ts`), whichever door the call came through. The domain reads only this, never a door's
 * request object.
 */
export interface Actor {
  id: number;
  role: Role;
  approved: boolean;
  specialty: string | null;
  /** The browser session behind the call; null when a personal access token authenticated it. */
  sessionId: string | null;
  /** Set when the call carries `Authorization: Bearer <personal access token>` (issue 20). */
  token?: AccessTokenCredential;
}

/** The personal access token a call was authenticated by. */
export interface AccessTokenCredential {
  id: number;
  scope: AccessTokenScope;
  expiresAt: Date | null;
}

/** Where a call came from, for audit and throttling. */
export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
}

/** Every use case that needs a signed-in caller starts here: one message for both doors. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

/**
 * The caller must be signed in and hold `role`; anyone else is told `denied` (the use case's own words).
 * The services are the only place a role is checked, so GraphQL and REST refuse with the same message
 * (docs/architecture.md rule 2).
 */
export function requireRole(actor: Actor | null, role: Role, denied: string): Actor {
  const who = requireActor(actor);
  if (who.role !== role) throw forbidden(denied);
  return who;
}

/** What anyone but the administrator is told on an administrator's path. */
export const ADMIN_ONLY = 'Only the administrator can do this';

export const READ_ONLY_TOKEN = 'This access token is read-only. Create a read and write token to make changes.';
export const SESSION_ONLY =
  'Access tokens cannot do this: sign in to VetConsult in the browser to manage tokens and your password.';

/**
 * The one rule of read-only tokens: a write (a REST method other than GET, HEAD or OPTIONS, or a GraphQL
 * mutation, over HTTP or WebSocket) by a read-only token is refused. Each door's gate calls it once.
 */
export function assertMayWrite(actor: Actor | null): void {
  if (actor?.token?.scope === 'read') throw new DomainError('READ_ONLY_TOKEN', READ_ONLY_TOKEN);
}

/** Use cases that guard the account itself (tokens, password) need a browser session, not a token. */
export function requireSession(actor: Actor | null): Actor & { sessionId: string } {
  const who = requireActor(actor);
  if (who.token || who.sessionId === null) throw forbidden(SESSION_ONLY);
  return who as Actor & { sessionId: string };
}
