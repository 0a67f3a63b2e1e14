import {
  changePasswordSchema,
  INVALID_RESET_LINK,
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resetPasswordSchema,
} from '@vetconsult/schema/auth';
import type { Actor, RequestInfo } from '../../context';
import type { User } from '../../generated/prisma/client';
import { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, DomainError, unauthenticated } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validation';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still gets a server-side end, so a forgotten tab does not live forever. */
export const BROWSER_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_TOKEN_MS = 60 * 60 * 1000;

export const LOGIN_FAILED = 'Invalid credentials';
export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again in 15 minutes.';

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  events: EventBus;
  publicUrl: string;
  /** Login attempts per client IP in 15 minutes; 100 unless configured. */
  loginAttemptsPerIp?: number;
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
  const { db, mailer, logger, events } = deps;
  const now = deps.now ?? (() => new Date());
  // 10 failures per account and 100 attempts per IP (LOGIN_ATTEMPTS_PER_IP) in 15 minutes.
  const accountFailures = new RateLimiter(10, 15 * 60 * 1000);
  const ipAttempts = new RateLimiter(deps.loginAttemptsPerIp ?? 100, 15 * 60 * 1000);

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
    async register(input: unknown, request: RequestInfo): Promise<SignedIn> {
      const data = parseInput(registerSchema, input);
      const email = data.email.toLowerCase();
      const clash = await db.user.findFirst({
        where: { OR: [{ username: { equals: data.username, mode: 'insensitive' } }, { email }] },
        select: { username: true, email: true },
      });
      if (clash) {
        throw conflict(
          clash.email === email ? 'An account with this email already exists' : 'This username is already taken',
        );
      }
      let user: User;
      try {
        user = await db.user.create({
          data: {
            username: data.username,
            email,
            name: data.name,
            passwordHash: await hashPassword(data.password),
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
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
          throw conflict('This username or email is already in use');
        }
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
      const accountKey = login.toLowerCase();
      if (!ipAttempts.hit(request.ip) || accountFailures.isBlocked(accountKey)) {
        throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
      }
      const user = await db.user.findFirst({
        where: login.includes('@')
          ? { email: login.toLowerCase() }
          : { username: { equals: login, mode: 'insensitive' } },
      });
      const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), data.password);
      if (!user || !valid) {
        accountFailures.hit(accountKey);
        throw unauthenticated(LOGIN_FAILED);
      }
      accountFailures.reset(accountKey);
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

    /** The actor behind a session token, or null when the token is unknown or expired. */
    async actorFromSession(sessionToken: string | undefined | null): Promise<Actor | null> {
      if (!sessionToken || sessionToken.length > 200) return null;
      const session = await db.session.findUnique({
        where: { tokenHash: hashToken(sessionToken) },
        select: {
          id: true,
          expiresAt: true,
          user: { select: { id: true, role: true, approved: true, specialty: true } },
        },
      });
      if (!session || session.expiresAt <= now()) return null;
      return { ...session.user, sessionId: session.id };
    },

    async currentUser(actor: Actor | null): Promise<User> {
      if (!actor) throw unauthenticated();
      const user = await db.user.findUnique({ where: { id: actor.id } });
      if (!user) throw unauthenticated();
      return user;
    },

    async requestPasswordReset(input: unknown): Promise<void> {
      const { email } = parseInput(passwordResetRequestSchema, input);
      const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
      // The answer is the same whether or not the account exists, so addresses cannot be probed.
      if (!user) {
        logger.info({ email }, 'password reset requested for an unknown email');
        return;
      }
      const token = newToken();
      await db.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now().getTime() + RESET_TOKEN_MS) },
      });
      const link = `${deps.publicUrl}/reset-password/${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your VetConsult password',
        text: `Hello ${user.name},\n\nUse this secure link to choose a new password. It expires in 1 hour and works once:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
      });
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const row = await db.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
      return !!row && !row.used && row.expiresAt > now();
    },

    async resetPassword(input: unknown): Promise<void> {
      const data = parseInput(resetPasswordSchema, input);
      const tokenHash = hashToken(data.token);
      const passwordHash = await hashPassword(data.password);
      const userId = await db.$transaction(async (tx) => {
        // Consuming the token is one conditional update: a second use (or a race) finds nothing.
        const consumed = await tx.passwordResetToken.updateMany({
          where: { tokenHash, used: false, expiresAt: { gt: now() } },
          data: { used: true },
        });
        if (consumed.count !== 1) throw badInput(INVALID_RESET_LINK, 'token');
        const row = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash } });
        await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
        // A reset ends every open session of the account.
        await tx.session.deleteMany({ where: { userId: row.userId } });
        return row.userId;
      });
      events.publish('sessions.ended', { userId, at: Date.now() });
    },

    async changePassword(actor: Actor | null, input: unknown): Promise<void> {
      const user = await this.currentUser(actor);
      const data = parseInput(changePasswordSchema, input);
      if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
        throw badInput('Current password is incorrect', 'currentPassword');
      }
      await db.$transaction([
        db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(data.newPassword) } }),
        // Other devices are signed out; this session stays.
        db.session.deleteMany({ where: { userId: user.id, NOT: { id: actor?.sessionId } } }),
      ]);
      events.publish('sessions.ended', { userId: user.id, exceptSessionId: actor?.sessionId, at: Date.now() });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
