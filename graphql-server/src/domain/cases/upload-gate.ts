import type { Db } from '../../lib/db/client';
import { forbidden, notFound } from '../../lib/errors';
import { type Actor, requireActor } from '../actor';
import { CASE_NOT_FOUND, caseWhere } from './case-access';
import {
  assertCanAddInputFiles,
  assertCanReview,
  assertOwnDraft,
  assertVeterinarian,
  DRAFT_NOT_FOUND,
  NOT_AUTHORIZED_TO_REVISIT,
} from './cases.rules';

// Who may send an upload, decided from what is known BEFORE the body is read (the session and the path),
// so that a 30 MB multipart body from someone who may not upload is refused unread. Each check is the
// first rule of the service that will handle the body (same rule functions, same messages); the service
// still applies every rule, including those that need the body's fields.

export type UploadTarget =
  /** POST /api/cases (final submission) and POST /api/payment/create-payment-intent */
  | { kind: 'consult' }
  | { kind: 'revisit' }
  /** POST (caseRef absent) and PUT /api/consults/drafts/{id} */
  | { kind: 'draft'; caseRef?: string }
  /** POST /api/cases/{id}/files: diagnostic files (its vet) or summary attachments (its specialist) */
  | { kind: 'caseFiles'; caseRef: string }
  | { kind: 'review'; caseRef: string }
  | { kind: 'profilePhoto' };

export function createUploadGate(deps: { db: Db }) {
  async function findCase(ref: string, missing = CASE_NOT_FOUND) {
    let kase: Awaited<ReturnType<typeof deps.db.case.findUnique>> = null;
    try {
      kase = await deps.db.case.findUnique({ where: caseWhere(ref) });
    } catch (error) {
      if ((error as { code?: string }).code !== 'NOT_FOUND') throw error;
    }
    if (!kase) throw notFound(missing);
    return kase;
  }

  return {
    /** Throws 401/403/404 (the services' own messages) when this actor may not upload to the target. */
    async authorize(actor: Actor | null, target: UploadTarget): Promise<void> {
      const who = requireActor(actor);
      switch (target.kind) {
        case 'consult':
          assertVeterinarian(who);
          return;
        case 'revisit':
          if (who.role !== 'VETERINARIAN') throw forbidden(NOT_AUTHORIZED_TO_REVISIT);
          return;
        case 'draft': {
          assertVeterinarian(who);
          if (target.caseRef === undefined) return;
          assertOwnDraft(who, await findCase(target.caseRef, DRAFT_NOT_FOUND));
          return;
        }
        case 'caseFiles': {
          const kase = await findCase(target.caseRef);
          // The category may follow the files in the form: the case's vet adds diagnostic files, anyone
          // else can only be the specialist adding summary attachments.
          if (kase.vetId === who.id) assertCanAddInputFiles(who, kase);
          else assertCanReview(who, kase);
          return;
        }
        case 'review':
          assertCanReview(who, await findCase(target.caseRef));
          return;
        case 'profilePhoto':
          return;
      }
    },
  };
}

export type UploadGate = ReturnType<typeof createUploadGate>;
