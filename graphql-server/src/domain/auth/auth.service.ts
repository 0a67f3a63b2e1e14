import { changePasswordSchema, loginSchema, registerSchema } from '@vetconsult/schema/auth';
import type { User } from '../../generated/prisma/client';
import { type Db, isUniqueViolation } from '../../lib/db/client';
import type { CompiledReader } from '../../lib/db/compiled-read';
import { badInput, conflict, DomainError, unauthenticated } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validation';
import { type Actor, type RequestInfo, requireActor, requireSession } from '../actor';
import { LOGIN_THROTTLE_DEFAULTS, LoginThrottle, type LoginThrottleOptions } from './login-throttle';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import { createPasswordReset } from './password-reset';
import { createSessionRead } from './session-read';

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still gets a server-side end, so a forgotten tab does not live forever. */
const BROWSER_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

const LOGIN_FAILED = 'Invalid credentials';
const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again in 15 minutes.';
/** 'Too many login attempts. Please try again in N seconds.' (a throttled account and IP). */
const tooManyAttemptsFor = (seconds: number) =>
  `Too many login attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
/**
 * A registration that clashes with an existing username or e-mail: the spec's own generic words (SPEC
 * §8 "Registration Failed"), the same for both, so the answer does not say which one exists.
 */
export const REGISTRATION_CLASH =
  'Could not create account. Please check that your username and email are not already in use, or try again in a few moments.';

export interface AuthServiceDeps {
  db: Db;
  /** Runs the session look-up's compiled statement (session-read.ts); without it Prisma reads the sessions. */
  reader?: CompiledReader;
  logger: Logger;
  events: EventBus;
  /** A reset link's mail job was committed: the queue may look now (services.ts nudges it). */
  afterMailQueued?: () => void;
  /** Login attempts per client IP in 15 minutes; 100 unless configured. */
  loginAttemptsPerIp?: number;
  /** The slow-down of repeated login failures (login-throttle.ts); tests shorten it. */
  loginThrottle?: Partial<LoginThrottleOptions>;
  now?: () => Date;
}

export interface SignedIn {
  user: User;
  /** The new session's token, for the door to put in a cookie; null when no session was opened. */
  sessionToken: string | null;
  /** The new session's id (null with no session), so the caller can act as the user at once. */
  sessionId: string | null;
  persistent: boolean;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, logger, events } = deps;
  const now = deps.now ?? (() => new Date());
  // 100 attempts per IP (LOGIN_ATTEMPTS_PER_IP) in 15 minutes; failures per account slow guessing down.
  const ipAttempts = new RateLimiter(deps.loginAttemptsPerIp ?? 100, 15 * 60 * 1000);
  const throttle = new LoginThrottle({ ...LOGIN_THROTTLE_DEFAULTS, ...deps.loginThrottle }, () => now().getTime());
  const sessionRead = createSessionRead({ db, reader: deps.reader });

  async function openSession(userId: number, persistent: boolean, request: RequestInfo) {
    const token = newToken();
    const session = await db.session.create({
      data: {
        tokenHash: hashToken(token),
        userId,
        persistent,
        expiresAt: new Date(now().getTime() + (persistent ? REMEMBER_ME_MS : BROWSER_SESSION_MS)),
        userAgent: request.userAgent?.slice(0, 300),
        ip: request.ip,
      },
      select: { id: true },
    });
    return { sessionToken: token, sessionId: session.id };
  }

  return {
    ...createPasswordReset({ db, logger, events, now, afterMailQueued: deps.afterMailQueued }),

    async register(input: unknown, request: RequestInfo): Promise<SignedIn> {
      const data = parseInput(registerSchema, input);
      const email = data.email.toLowerCase();
      // Hashed before the clash check, so a taken name is not answered faster than a free one.
      const passwordHash = await hashPassword(data.password);
      const clash = await db.user.findFirst({
        where: { OR: [{ username: { equals: data.username, mode: 'insensitive' } }, { email }] },
        select: { id: true },
      });
      if (clash) throw conflict(REGISTRATION_CLASH);
      let user: User;
      try {
        user = await db.user.create({
          data: {
            username: data.username,
            email,
            name: data.name,
            passwordHash,
            role: data.role,
            specialty: data.role === 'SPECIALIST' ? data.specialty : null,
            clinicName: data.role === 'VETERINARIAN' ? data.clinicName : null,
            clinicAddress: data.role === 'VETERINARIAN' ? data.clinicAddress : null,
            // Veterinarian accounts are created active; specialists wait for an administrator.
            approved: data.role === 'VETERINARIAN',
          },
        });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(REGISTRATION_CLASH);
        throw error;
      }
      // A specialist pending approval is not signed in (SPEC §4 Session); administrators see them at once.
      if (user.role === 'SPECIALIST' && !user.approved) {
        events.publish('specialist.changed', { specialistId: user.id, kind: 'registered', at: Date.now() });
        return { user, sessionToken: null, sessionId: null, persistent: false };
      }
      return { user, ...(await openSession(user.id, false, request)), persistent: false };
    },

    async login(input: unknown, request: RequestInfo): Promise<SignedIn> {
      const data = parseInput(loginSchema, input);
      const login = data.username.trim();
      if (!ipAttempts.hit(request.ip)) throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
      const user = await db.user.findFirst({
        where: login.includes('@')
          ? { email: login.toLowerCase() }
          : { username: { equals: login, mode: 'insensitive' } },
      });
      // One account, whichever identifier names it; an unknown login is counted by its text.
      const account = user ? `user:${user.id}` : `login:${login.toLowerCase()}`;
      const admission = throttle.admit(account, request.ip);
      if (!admission.admitted) {
        const seconds = Math.ceil(admission.retryAfterMs / 1000);
        throw new DomainError('RATE_LIMITED', tooManyAttemptsFor(seconds), { retryAfterSeconds: seconds });
      }
      if (admission.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, admission.waitMs));
      const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), data.password);
      if (!user || !valid) {
        throttle.fail(account, request.ip);
        throw unauthenticated(LOGIN_FAILED);
      }
      throttle.succeed(account, request.ip);
      const persistent = data.rememberMe === true;
      return { user, ...(await openSession(user.id, persistent, request)), persistent };
    },

    async logout(sessionToken: string | null): Promise<void> {
      if (!sessionToken) return;
      const tokenHash = hashToken(sessionToken);
      const session = await db.session.findUnique({ where: { tokenHash }, select: { id: true, userId: true } });
      if (!session) return;
      await db.session.deleteMany({ where: { tokenHash } });
      events.publish('sessions.ended', { userId: session.userId, sessionId: session.id, at: Date.now() });
    },

    /** Readies the session look-up before the first request (session-read.ts prepare); the app awaits it at start. */
    prepareSessionLookup(): Promise<void> {
      return sessionRead.prepare();
    },

    /** The actor behind a session token, or null when the token is unknown or expired. */
    async actorFromSession(sessionToken: string | undefined | null): Promise<Actor | null> {
      if (!sessionToken) return null;
      return (await this.actorsFromSessions([sessionToken])).get(sessionToken) ?? null;
    },

    /**
     * actorFromSession of many tokens in one read (a WebSocket reconnect storm, graphql/ws.ts): each
     * token maps to its actor, or null (no session, expired, or not a token). The read is one statement
     * Prisma compiled, run on the app's pool (session-read.ts); the rule is here.
     */
    async actorsFromSessions(sessionTokens: readonly string[]): Promise<Map<string, Actor | null>> {
      const actors = new Map<string, Actor | null>();
      const byHash = new Map<string, string>();
      for (const token of sessionTokens) {
        actors.set(token, null);
        if (token && token.length <= 200) byHash.set(hashToken(token), token);
      }
      if (!byHash.size) return actors;
      const sessions = await sessionRead.sessionsOf([...byHash.keys()]);
      const at = now();
      for (const session of sessions) {
        const token = byHash.get(session.tokenHash);
        if (token !== undefined && session.expiresAt > at)
          actors.set(token, { ...session.user, sessionId: session.id });
      }
      return actors;
    },

    async currentUser(actor: Actor | null): Promise<User> {
      const who = requireActor(actor);
      const user = await db.user.findUnique({ where: { id: who.id } });
      if (!user) throw unauthenticated();
      return user;
    },

    async changePassword(actor: Actor | null, input: unknown): Promise<void> {
      // An access token cannot change the password of its account.
      const session = requireSession(actor);
      const user = await this.currentUser(session);
      const data = parseInput(changePasswordSchema, input);
      if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
        throw badInput('Current password is incorrect', 'currentPassword');
      }
      await db.$transaction([
        db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(data.newPassword) } }),
        // Other devices are signed out; this session stays.
        db.session.deleteMany({ where: { userId: user.id, NOT: { id: session.sessionId } } }),
      ]);
      events.publish('sessions.ended', { userId: user.id, exceptSessionId: session.sessionId, at: Date.now() });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
