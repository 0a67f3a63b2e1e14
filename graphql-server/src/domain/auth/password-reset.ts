import { INVALID_RESET_LINK, passwordResetRequestSchema, resetPasswordSchema } from '@vetconsult/schema/auth';
import type { Db } from '../../lib/db/client';
import { badInput } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validation';
import { createResetLink } from '../notifications/account-mails';
import { hashPassword } from './password';

// Forgotten passwords (SPEC §4): a reset link by e-mail, valid for an hour and once, and the new password
// it sets. Part of the auth service (auth.service.ts spreads these methods into it).

const RESET_TOKEN_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  db: Db;
  logger: Logger;
  events: EventBus;
  now: () => Date;
  /** A reset link's mail job was committed: the queue may look now. */
  afterMailQueued?: () => void;
}

export function createPasswordReset(deps: PasswordResetDeps) {
  const { db, logger, events, now } = deps;
  /** Reset links being made (with their mail jobs), off the request path. */
  const pendingMail = new Set<Promise<void>>();
  const mailByAddress = new Map<string, Promise<void>>();

  /**
   * Makes a reset link for the account of this e-mail (if any), ending its older links; its mail is a job
   * added in the same transaction (account-mails.ts), which mints the link's token when it sends.
   */
  async function makeResetLink(email: string): Promise<void> {
    const user = await db.user.findUnique({ where: { email } });
    if (!user) {
      logger.info({ email }, 'password reset requested for an unknown email');
      return;
    }
    await db.$transaction(async (tx) => {
      // The account's row is locked first, so two requests (two instances, or two clicks) issue their
      // links one after the other: the later one always ends the earlier, never two valid links.
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
      await tx.passwordResetToken.updateMany({ where: { userId: user.id, used: false }, data: { used: true } });
      await createResetLink(tx, user.id, new Date(now().getTime() + RESET_TOKEN_MS));
    });
    deps.afterMailQueued?.();
  }

  return {
    /**
     * Answers at once, the same whether or not the account exists (nothing about it is looked up on the
     * request path): the link and its mail job are made in the background. A new link ends the older ones.
     */
    async requestPasswordReset(input: unknown): Promise<void> {
      const { email } = parseInput(passwordResetRequestSchema, input);
      const address = email.toLowerCase();
      // Requests for one address run in the order they came, so the newest e-mail holds the valid link.
      const previous = mailByAddress.get(address) ?? Promise.resolve();
      const job: Promise<void> = previous
        .then(() => makeResetLink(address))
        .catch((error: unknown) => logger.error({ err: error }, 'password reset link could not be made'))
        .finally(() => {
          pendingMail.delete(job);
          if (mailByAddress.get(address) === job) mailByAddress.delete(address);
        });
      pendingMail.add(job);
      mailByAddress.set(address, job);
    },

    /** Resolves once the reset links requested so far are made, their mail jobs added (shutdown, tests). */
    async settled(): Promise<void> {
      while (pendingMail.size > 0) await Promise.all(pendingMail);
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
        // Using a link ends every other link of the account.
        await tx.passwordResetToken.updateMany({ where: { userId: row.userId, used: false }, data: { used: true } });
        await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
        // A reset ends every open session of the account.
        await tx.session.deleteMany({ where: { userId: row.userId } });
        return row.userId;
      });
      events.publish('sessions.ended', { userId, at: Date.now() });
    },
  };
}
