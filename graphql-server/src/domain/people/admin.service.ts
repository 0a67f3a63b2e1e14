import { specialistIdSchema } from '@vetconsult/schema/people';
import type { Prisma, User } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { type Actor, ADMIN_ONLY, requireRole } from '../actor';
import { enqueueApprovalMail } from '../notifications/account-mails';
import { SPECIALIST_NOT_FOUND } from './specialists.service';

// SPEC §2 /admin/specialists and /admin/users, §4 "Specialist approval": the administrator's use cases.
// The ADMIN role is checked here (and only here), so GraphQL and REST deny alike.

export interface AdminServiceDeps {
  db: Db;
  logger: Logger;
  events: EventBus;
  /** An approval mail job was committed: the queue may look now (services.ts nudges it). */
  afterMailQueued?: () => void;
}

const ONLY_PENDING_CAN_BE_REJECTED = 'Only pending specialist applications can be rejected';
const SPECIALIST_HAS_CASES = 'This specialist is assigned to cases and cannot be removed';

const requireAdmin = (actor: Actor | null): Actor => requireRole(actor, 'ADMIN', ADMIN_ONLY);

/**
 * In the caller's transaction: approves a pending specialist and adds their confirmation mail's job
 * (account-mails.ts), so the mail goes only if the approval commits. False when nothing changed (already
 * approved, or no such specialist).
 */
export async function approveSpecialist(tx: Prisma.TransactionClient, specialistId: number): Promise<boolean> {
  const approved = await tx.user.updateMany({
    where: { id: specialistId, role: 'SPECIALIST', approved: false },
    data: { approved: true },
  });
  if (approved.count !== 1) return false;
  await enqueueApprovalMail(tx, specialistId);
  return true;
}

export function createAdminService(deps: AdminServiceDeps) {
  const { db, logger, events } = deps;

  return {
    /**
     * Specialist applications. The admin page splits one list by `approved` (SPEC §7), so by default both
     * pending and approved specialists are returned, pending first; `approved` narrows it.
     */
    async specialists(actor: Actor | null, filter: { approved?: boolean } = {}): Promise<User[]> {
      requireAdmin(actor);
      return db.user.findMany({
        where: { role: 'SPECIALIST', ...(filter.approved === undefined ? {} : { approved: filter.approved }) },
        orderBy: [{ approved: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      });
    },

    /** Approves a specialist, whose confirmation e-mail is then sent by the job queue; approving twice changes nothing. */
    async approve(actor: Actor | null, input: unknown): Promise<User> {
      requireAdmin(actor);
      const { specialistId } = parseInput(specialistIdSchema, input);
      const approved = await db.$transaction((tx) => approveSpecialist(tx, specialistId));
      const specialist = await db.user.findFirst({ where: { id: specialistId, role: 'SPECIALIST' } });
      if (!specialist) throw notFound(SPECIALIST_NOT_FOUND);
      if (approved) {
        events.publish('specialist.changed', { specialistId, kind: 'approved', at: Date.now() });
        deps.afterMailQueued?.();
      }
      return specialist;
    },

    /**
     * Rejects an application: the account is removed permanently, with its sessions (so it is signed out
     * at once), availability and questions. Only pending specialists can be rejected, and never one a case
     * refers to: deleting them would silently unassign those cases.
     */
    async reject(actor: Actor | null, input: unknown): Promise<{ id: number; name: string }> {
      requireAdmin(actor);
      const { specialistId } = parseInput(specialistIdSchema, input);
      const specialist = await db.user.findFirst({
        where: { id: specialistId, role: 'SPECIALIST' },
        select: { id: true, name: true, approved: true, _count: { select: { casesAsSpecialist: true } } },
      });
      if (!specialist) throw notFound(SPECIALIST_NOT_FOUND);
      if (specialist.approved) throw conflict(ONLY_PENDING_CAN_BE_REJECTED);
      if (specialist._count.casesAsSpecialist > 0) throw conflict(SPECIALIST_HAS_CASES);
      // The same conditions again in the delete itself, so a concurrent approval or case assignment
      // cannot slip in between the check and the removal.
      const removed = await db.user.deleteMany({
        where: { id: specialistId, role: 'SPECIALIST', approved: false, casesAsSpecialist: { none: {} } },
      });
      if (removed.count === 0) throw conflict(ONLY_PENDING_CAN_BE_REJECTED);
      events.publish('specialist.changed', { specialistId, kind: 'rejected', at: Date.now() });
      events.publish('sessions.ended', { userId: specialistId, at: Date.now() });
      logger.info({ specialistId, by: actor?.id }, 'specialist application rejected');
      return { id: specialist.id, name: specialist.name };
    },

    /** Every account, by role (veterinarians, specialists, administrator), oldest first within a role. */
    async users(actor: Actor | null): Promise<User[]> {
      requireAdmin(actor);
      return db.user.findMany({ orderBy: [{ role: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
