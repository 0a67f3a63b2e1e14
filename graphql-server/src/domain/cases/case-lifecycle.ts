import { reviewSchema } from '@vetconsult/schema/consult';
import { ROUTING_MESSAGES } from '@vetconsult/schema/turnaround';
import type { Case, Prisma } from '../../generated/prisma/client';
import type { CaseStatus } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { notify } from '../notifications/notify';
import { CASE_NOT_FOUND, caseWhere, type DbOrTx } from './case-access';
import { publishCaseChange } from './case-events';
import type { FileStore } from './case-files';
import { assertCanAccept, assertCanReview, CASE_ALREADY_ACCEPTED, canMove } from './cases.rules';
import type { MultipartIntake } from './files';

// SPEC §4 "Case lifecycle". Every status change of a case goes through `transition`: a move the status
// table (cases.rules NEXT_STATUSES) allows, written only while the case is still at the status and version
// the caller verified, so of concurrent changes exactly one applies. The use cases here are the
// specialist's moves (accept, review, complete); the unpaid moves are made by drafts (start payment),
// consult submission, and payment settlement (activation), through the same function.

/** The facts a caller verified before changing a case. */
export type CaseState = Pick<Case, 'id' | 'status' | 'version'>;
type Changes = Omit<Prisma.CaseUncheckedUpdateManyInput, 'status' | 'version'>;

/** The moment a status is reached, recorded on the case. */
const STAMPS: Partial<Record<CaseStatus, 'acceptedAt' | 'reviewedAt' | 'cancelledAt'>> = {
  accepted: 'acceptedAt',
  reviewed: 'reviewedAt',
  cancelled: 'cancelledAt',
};

async function writeIfUnchanged(tx: DbOrTx, kase: CaseState, data: Prisma.CaseUncheckedUpdateManyInput) {
  const [row] = await tx.case.updateManyAndReturn({
    where: { id: kase.id, status: kase.status, version: kase.version },
    data: { ...data, version: { increment: 1 } },
  });
  return row ?? null;
}

/** Writes `changes` (no status change) if the case is still as verified; the row, or null when it changed. */
export function writeAtVersion(tx: DbOrTx, kase: CaseState, changes: Changes): Promise<Case | null> {
  return writeIfUnchanged(tx, kase, changes);
}

/**
 * Moves the case to `to` (with `changes`), from the status and version the caller verified; null when
 * the case changed meanwhile. A move the lifecycle does not allow is a programming error.
 */
export function transition(
  tx: DbOrTx,
  kase: CaseState,
  to: CaseStatus,
  changes: Changes = {},
  at: Date = new Date(),
): Promise<Case | null> {
  if (!canMove(kase.status, to)) throw new Error(`A case cannot move from ${kase.status} to ${to}`);
  const stamp = STAMPS[to];
  return writeIfUnchanged(tx, kase, { ...changes, ...(stamp ? { [stamp]: at } : {}), status: to });
}

export interface CaseLifecycleDeps {
  db: Db;
  events: EventBus;
  files: FileStore;
  now: () => Date;
  /** Runs after a review commits (the consultation report is scheduled there); must not throw. */
  afterReview?: (caseId: number) => unknown;
}

const ALREADY_REVIEWED = 'This case has already been reviewed';

export function createCaseLifecycle(deps: CaseLifecycleDeps) {
  const { db, events, files, now } = deps;

  async function caseFacts(ref: string | number): Promise<Case> {
    const kase = await db.case.findUnique({ where: caseWhere(ref) });
    if (!kase) throw notFound(CASE_NOT_FOUND);
    return kase;
  }

  function reviewed(kase: Case): Case {
    publishCaseChange(events, kase, 'reviewed');
    deps.afterReview?.(kase.id);
    return kase;
  }

  return {
    /** Of concurrent accepts of one pending case exactly one moves it; the others get a conflict. */
    async acceptCase(actor: Actor | null, ref: string | number): Promise<Case> {
      const who = requireActor(actor);
      const kase = await caseFacts(ref);
      assertCanAccept(who, kase);
      // A first-available case (issue 19) is taken by whoever accepts it first: the same conditional move.
      // A specialist who declined it is not offered it again (case-queries hides it), nor by its address.
      const offered = kase.specialistId === null;
      if (offered && (await db.caseDecline.count({ where: { caseId: kase.id, specialistId: who.id } })) > 0) {
        throw forbidden(ROUTING_MESSAGES.youDeclined);
      }
      const accepted = await db.$transaction(async (tx) => {
        const moved = await transition(tx, kase, 'accepted', offered ? { specialistId: who.id } : {}, now());
        if (moved) await notify(tx, { type: 'case_accepted', caseId: moved.id });
        return moved;
      });
      if (!accepted) throw conflict(offered ? ROUTING_MESSAGES.takenByAnother : CASE_ALREADY_ACCEPTED);
      publishCaseChange(events, accepted, 'accepted');
      return accepted;
    },

    /** The final summary with optional attachments (category summary); the case becomes reviewed. */
    async submitReview(actor: Actor | null, ref: string | number, intake: MultipartIntake): Promise<Case> {
      const who = requireActor(actor);
      const kase = await caseFacts(ref);
      assertCanReview(who, kase);
      const { summary } = parseInput(reviewSchema, intake.fields);
      const done = await files.withStoredFiles(kase.uuid, intake, 'summary', who.id, async (tx, rows) => {
        const moved = await transition(tx, kase, 'reviewed', { summary, summaryDraft: null }, now());
        if (!moved) throw conflict(ALREADY_REVIEWED);
        await files.createFileRows(tx, kase.id, rows);
        await notify(tx, { type: 'case_reviewed', caseId: moved.id });
        return moved;
      });
      return reviewed(done);
    },

    /**
     * The older view's POST /api/cases/{id}/complete: the assigned specialist completes an accepted
     * case that has a summary text or at least one summary attachment.
     */
    async completeCase(actor: Actor | null, ref: string | number): Promise<Case> {
      const who = requireActor(actor);
      const kase = await caseFacts(ref);
      assertCanReview(who, kase);
      const attachments = await db.caseFile.count({ where: { caseId: kase.id, fileCategory: 'summary' } });
      if (!kase.summary?.trim() && attachments === 0)
        throw badInput('Please provide a summary before submitting', 'summary');
      const done = await db.$transaction(async (tx) => {
        const moved = await transition(tx, kase, 'reviewed', {}, now());
        if (moved) await notify(tx, { type: 'case_reviewed', caseId: moved.id });
        return moved;
      });
      if (!done) throw conflict(ALREADY_REVIEWED);
      return reviewed(done);
    },
  };
}
