import { summaryDraftSchema } from '@vetconsult/schema/consult';
import type { Db } from '../../lib/db/client';
import { conflict, notFound } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { CASE_NOT_FOUND, caseWhere } from './case-access';
import { assertCanReview, type CaseActor, type CaseFacts } from './cases.rules';

// Issue 22 item 5: the final summary is kept on the server while the specialist types it (the web
// autosaves it with a debounce), so a reload or a closed tab loses nothing. The draft belongs to the
// assigned specialist alone: only they read and write it, and only while the case is accepted; the
// submitted review replaces it.

export interface SummaryDraftServiceDeps {
  db: Db;
}

/** Who reads a summary draft: the assigned specialist, while the review is being written. */
export function canReadSummaryDraft(actor: CaseActor | null, kase: CaseFacts): boolean {
  return !!actor && actor.role === 'SPECIALIST' && kase.specialistId === actor.id && kase.status === 'accepted';
}

export function createSummaryDraftService({ db }: SummaryDraftServiceDeps) {
  return {
    /** Saves the summary being written; returns the time it was saved. */
    async saveSummaryDraft(actor: Actor | null, ref: string, raw: unknown): Promise<{ savedAt: Date }> {
      const who = requireActor(actor);
      const { summary } = parseInput(summaryDraftSchema, raw);
      const kase = await db.case.findUnique({
        where: caseWhere(ref),
        select: { id: true, vetId: true, specialistId: true, status: true },
      });
      if (!kase) throw notFound(CASE_NOT_FOUND);
      assertCanReview(who, kase);
      // Conditional on the state just checked: a review submitted meanwhile is not overwritten.
      const saved = await db.case.updateMany({
        where: { id: kase.id, status: 'accepted', specialistId: who.id },
        data: { summaryDraft: summary.trim() === '' ? null : summary },
      });
      if (saved.count !== 1) throw conflict('This case has already been reviewed');
      return { savedAt: new Date() };
    },
  };
}

export type SummaryDraftService = ReturnType<typeof createSummaryDraftService>;
