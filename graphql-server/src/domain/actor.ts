import type { Role } from '../generated/prisma/enums';
import { forbidden, unauthenticated } from '../lib/errors';

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
  sessionId: string;
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
