import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from './generated/prisma/enums';
import type { Db } from './lib/db/client';
import type { EventBus } from './lib/events';
import type { Services } from './services';

/** Who is calling: resolved once per request (or per WebSocket connection) from the session cookie. */
export interface Actor {
  id: number;
  role: Role;
  approved: boolean;
  specialty: string | null;
  sessionId: string;
}

/** How a request can set or clear the session cookie; absent over WebSocket. */
export interface CookieWriter {
  setSession(token: string, persistent: boolean): void;
  clearSession(): void;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface Context {
  db: Db;
  services: Services;
  /** Subscriptions listen here; services publish through their own reference to the same bus. */
  events: EventBus;
  actor: Actor | null;
  request: RequestInfo;
  cookies: CookieWriter | null;
  /** The raw session token of this request, so logout can end exactly this session. */
  sessionToken: string | null;
}

export interface HttpContextSource {
  req: FastifyRequest;
  reply: FastifyReply;
}
