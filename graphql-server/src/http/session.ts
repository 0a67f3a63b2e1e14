import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieWriter } from '../context';
import type { RequestInfo } from '../domain/actor';
import { REMEMBER_ME_MS } from '../domain/auth/auth.service';

// The session cookie: an opaque token, httpOnly, SameSite=Lax, Secure when served over https.
// "Remember me" makes it a 30-day cookie; otherwise it is a browser-session cookie.

export const SESSION_COOKIE = 'vc_session';

export function readSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] ?? null;
}

/**
 * The personal access token of `Authorization: Bearer <token>` (issue 20), or null when the header is
 * absent or another scheme. A present Bearer header always decides who calls: no fallback to the cookie.
 */
export function readBearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer(?:[ \t]+(\S*))?\s*$/i.exec(authorization ?? '');
  return match ? (match[1] ?? '') : null;
}

export function cookieWriter(reply: FastifyReply, secure: boolean): CookieWriter {
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    setSession(token, persistent) {
      reply.setCookie(SESSION_COOKIE, token, persistent ? { ...base, maxAge: REMEMBER_ME_MS / 1000 } : base);
    },
    clearSession() {
      reply.clearCookie(SESSION_COOKIE, base);
    },
  };
}

export function requestInfo(req: FastifyRequest): RequestInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}
