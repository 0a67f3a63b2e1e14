import type { Actor, RequestInfo } from './domain/actor';
import type { Db } from './lib/db/client';
import type { EventBus } from './lib/events';
import type { Services } from './services';

/** How a request can set or clear the session cookie; absent over WebSocket. */
export interface CookieWriter {
  setSession(token: string, persistent: boolean): void;
  clearSession(): void;
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

/** What a door knows about its caller once it has read the credentials it carries. */
export interface Caller {
  actor: Actor | null;
  sessionToken: string | null;
  request: RequestInfo;
  /** Null over WebSocket: a socket cannot set a cookie. */
  cookies: CookieWriter | null;
}

export type ContextBuilder = (caller: Caller) => Context;

/**
 * The one context builder: GraphQL over HTTP (`app.ts`) and over WebSocket (`graphql/ws.ts`) both build
 * their context here, so a resolver sees the same shape whichever transport carried the operation.
 */
export function createContextBuilder(shared: { db: Db; services: Services; events: EventBus }): ContextBuilder {
  return (caller) => ({ ...shared, ...caller });
}
