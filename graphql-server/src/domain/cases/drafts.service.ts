import {
  DRAFT_FIELDS,
  type DraftInput,
  draftSchema,
  draftUpdateSchema,
  newConsultSchema,
} from '@vetconsult/schema/consult';
import { type Case, Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor } from '../actor';
import { type CaseSelection, caseWhere, selectingAlso } from './case-access';
import { publishCaseChange } from './case-events';
import { transition, writeAtVersion } from './case-lifecycle';
import {
  assertOwnDraft,
  assertVeterinarian,
  DRAFT_NOT_FOUND,
  isUnpaid,
  NOT_YOUR_DRAFT,
  patientOf,
  UNPAID_STATUSES,
} from './cases.rules';
import { assertChoosableSpecialist, assertRoutedUrgencyAllowed } from './specialist-choice';

// SPEC §4 "Draft sync" and §7 /api/consults/drafts. A draft is a case in status draft, owned by its
// veterinarian. Updates carry the version they were based on; a save from an outdated version is
// refused with the server's data and the fields that differ, so no write is ever silently lost.
// A case awaiting payment (pending_payment) is still the veterinarian's unpaid work (issue 22): it is
// listed with the drafts, edited, paid for, or discarded like one. Its payment intent is re-created on
// the next visit to payment (the payments module refuses a stale one).

export const DRAFT_CONFLICT = 'This draft has been updated elsewhere. Please resolve the conflict.';

export interface DraftsServiceDeps {
  db: Db;
  events: EventBus;
  storage: Storage;
  logger: Logger;
  /** Voids an open payment intent at the provider (the payments module's provider). */
  cancelPaymentIntent(providerPaymentIntentId: string): Promise<void>;
}

type DraftField = (typeof DRAFT_FIELDS)[number];
type DraftValues = Record<DraftField, unknown>;

/** The draft fields of a case row, under the form's names. */
export function draftValues(kase: Case): DraftValues {
  return {
    specialty: kase.specialty,
    ...patientOf(kase),
    clinicalSigns: kase.clinicalSigns,
    questions: kase.questions,
    specificSpecialistId: kase.specialistId,
    firstAvailable: kase.routing === 'first_available',
    termsAccepted: kase.termsAccepted,
    specialistResponses: kase.specialistResponses,
    nutritionComplex: kase.nutritionComplex,
    urgency: kase.urgency,
  };
}

export function toDraftView(kase: Case) {
  return {
    id: kase.id,
    uuid: kase.uuid,
    status: kase.status,
    version: kase.version,
    createdAt: kase.createdAt.toISOString(),
    updatedAt: kase.updatedAt.toISOString(),
    ...draftValues(kase),
  };
}
export type DraftView = ReturnType<typeof toDraftView>;

/** Empty text, null and absent are the same "no value". */
const normalise = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : value;

/** The submitted fields whose value differs from the server's. */
export function conflictFields(submitted: Partial<DraftValues>, server: DraftValues): DraftField[] {
  return DRAFT_FIELDS.filter((field) => field in submitted && normalise(submitted[field]) !== normalise(server[field]));
}

/** Only the fields the client sent; a field sent empty is cleared. */
function sentFields(raw: unknown, parsed: DraftInput): Partial<DraftValues> {
  const keys = raw && typeof raw === 'object' ? Object.keys(raw) : [];
  const sent: Partial<DraftValues> = {};
  for (const field of DRAFT_FIELDS) {
    if (keys.includes(field)) sent[field] = parsed[field] ?? null;
  }
  return sent;
}

/**
 * Issue 19: the draft's routing. First available clears the named specialist; naming one (or sending
 * firstAvailable false) routes it to them again. The schema refuses both at once.
 */
function routingColumns(values: Partial<DraftValues>) {
  if (values.firstAvailable === true) return { routing: 'first_available' as const, specialistId: null };
  const named = typeof values.specificSpecialistId === 'number' && values.specificSpecialistId > 0;
  return values.firstAvailable === false || named ? { routing: 'named' as const } : {};
}

function toColumns(values: Partial<DraftValues>) {
  const { specificSpecialistId, specialistResponses, contactEmail, urgency, firstAvailable: _, ...rest } = values;
  return {
    ...(rest as Partial<Record<string, unknown>>),
    ...(urgency !== undefined ? { urgency: urgency ?? 'routine' } : {}),
    ...(contactEmail !== undefined ? { contactEmail: contactEmail || null } : {}),
    ...(specificSpecialistId !== undefined ? { specialistId: (specificSpecialistId as number | null) || null } : {}),
    ...(specialistResponses !== undefined
      ? { specialistResponses: (specialistResponses as Prisma.InputJsonValue | null) ?? Prisma.DbNull }
      : {}),
    ...routingColumns(values),
  } as Prisma.CaseUncheckedUpdateManyInput;
}

const nullToUndefined = (values: DraftValues) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? undefined : v]));

export function createDraftsService(deps: DraftsServiceDeps) {
  const { db, events, storage, logger } = deps;

  function published(kase: Case) {
    events.publish('draft.saved', { uuid: kase.uuid, vetId: kase.vetId, version: kase.version, at: Date.now() });
    return kase;
  }

  /** A specialist named on a draft is approved and holds its specialty (an empty choice is allowed). */
  async function checkSpecialist(values: Partial<DraftValues>, current?: Case) {
    const specialty = values.specialty !== undefined ? values.specialty : current?.specialty;
    await assertChoosableSpecialist(db, values.specificSpecialistId, specialty as string | null | undefined);
  }

  /** The actor's own draft, or the reason they cannot have it; read once, with the caller's selection. */
  async function ownDraft<S extends CaseSelection = Record<never, never>>(
    actor: Actor | null,
    ref: string,
    selection?: S,
  ): Promise<Prisma.CaseGetPayload<S> & Pick<Case, 'id' | 'vetId' | 'status'>> {
    const who = requireActor(actor);
    assertVeterinarian(who);
    let where: Prisma.CaseWhereUniqueInput;
    try {
      where = caseWhere(ref);
    } catch {
      throw notFound(DRAFT_NOT_FOUND);
    }
    const kase = await db.case.findUnique({
      where,
      ...selectingAlso(selection ?? {}, { id: true, vetId: true, status: true }),
    });
    assertOwnDraft(who, kase);
    return kase as unknown as Prisma.CaseGetPayload<S> & Pick<Case, 'id' | 'vetId' | 'status'>;
  }

  return {
    async createDraft(actor: Actor | null, raw: unknown): Promise<Case> {
      const who = requireActor(actor);
      assertVeterinarian(who);
      const values = sentFields(raw, parseInput(draftSchema, raw));
      await checkSpecialist(values);
      const kase = await db.case.create({
        data: { ...(toColumns(values) as Prisma.CaseUncheckedCreateInput), vetId: who.id, status: 'draft' },
      });
      return published(kase);
    },

    /** Saves over `version`; an outdated version is a conflict carrying the server's draft. */
    async updateDraft(actor: Actor | null, ref: string, raw: unknown): Promise<Case> {
      const current: Case = await ownDraft(actor, ref);
      const parsed = parseInput(draftUpdateSchema, raw);
      const values = sentFields(raw, parsed);
      await checkSpecialist(values, current);
      const saved = await writeAtVersion(db, { ...current, version: parsed.version }, toColumns(values));
      if (!saved) {
        const server = await db.case.findUnique({ where: { id: current.id } });
        if (!server || !isUnpaid(server.status)) throw notFound(DRAFT_NOT_FOUND);
        throw conflict(DRAFT_CONFLICT, {
          conflict: true,
          serverVersion: server.version,
          conflictFields: conflictFields(values, draftValues(server)),
          serverData: toDraftView(server),
        });
      }
      return published(saved);
    },

    /** Prisma arguments of the veterinarian's draft list: most recently saved first. */
    listArgs(actor: Actor | null) {
      const who = requireActor(actor);
      assertVeterinarian(who);
      return {
        where: { vetId: who.id, status: { in: [...UNPAID_STATUSES] } },
        orderBy: [{ updatedAt: 'desc' as const }, { id: 'desc' as const }],
        take: 200,
      } satisfies Prisma.CaseFindManyArgs;
    },

    async listDrafts(actor: Actor | null): Promise<Case[]> {
      return db.case.findMany(this.listArgs(actor));
    },

    getDraft: ownDraft,

    /**
     * Discards a draft or an unpaid case: its open payment intents are voided at the provider (best
     * effort: an intent that cannot be voided can no longer activate a deleted case), then the case,
     * its file rows and payment rows go, then its stored files. A case with a succeeded payment is paid
     * work and is not discarded.
     */
    async deleteDraft(actor: Actor | null, ref: string): Promise<void> {
      const draft = await ownDraft(actor, ref);
      const payments = await db.payment.findMany({
        where: { caseId: draft.id },
        select: { providerPaymentIntentId: true, status: true, activatedAt: true },
      });
      if (payments.some((p) => p.status === 'succeeded' || p.activatedAt !== null)) {
        throw conflict('This consult has already been paid');
      }
      for (const payment of payments) {
        if (payment.status === 'canceled') continue;
        await deps.cancelPaymentIntent(payment.providerPaymentIntentId).catch((error: unknown) => {
          logger.warn({ err: error, caseId: draft.id }, 'could not void a payment intent of a discarded case');
        });
      }
      const files = await db.caseFile.findMany({ where: { caseId: draft.id }, select: { s3Key: true } });
      const deleted = await db.case.deleteMany({ where: { id: draft.id, status: { in: [...UNPAID_STATUSES] } } });
      if (deleted.count !== 1) throw notFound(DRAFT_NOT_FOUND);
      for (const file of files) {
        await storage.delete(file.s3Key).catch((error: unknown) => {
          logger.warn({ err: error, key: file.s3Key }, 'could not remove a stored file of a discarded case');
        });
      }
    },

    /** Removes one diagnostic file from the veterinarian's draft or unpaid case. */
    async removeDraftFile(actor: Actor | null, fileId: number): Promise<Case> {
      const file = await db.caseFile.findUnique({
        where: { id: fileId },
        select: { id: true, s3Key: true, fileCategory: true, case: { select: { uuid: true } } },
      });
      if (!file) throw notFound('File not found');
      const kase = await ownDraft(actor, file.case.uuid);
      if (file.fileCategory !== 'input') throw forbidden('Only diagnostic files can be removed');
      await db.caseFile.delete({ where: { id: file.id } });
      await storage.delete(file.s3Key).catch((error: unknown) => {
        logger.warn({ err: error, key: file.s3Key }, 'could not remove a stored file');
      });
      return kase;
    },

    /**
     * Converts a complete draft for payment (draft -> pending_payment): the draft must pass the full
     * new-consult rules; a second call on a converted draft returns the same case.
     */
    async startPayment(actor: Actor | null, ref: string): Promise<Case> {
      const who = requireActor(actor);
      assertVeterinarian(who);
      const kase = await db.case.findUnique({ where: caseWhere(ref) });
      if (!kase) throw notFound(DRAFT_NOT_FOUND);
      if (kase.vetId !== who.id) throw forbidden(NOT_YOUR_DRAFT);
      if (!isUnpaid(kase.status)) throw conflict('This consult has already been submitted');
      // Checked again on every return to payment: an unpaid case stays editable.
      parseInput(newConsultSchema, nullToUndefined(draftValues(kase)));
      if (kase.routing !== 'first_available') {
        const specialist = await db.user.findUnique({
          where: { id: kase.specialistId ?? 0 },
          select: { role: true, approved: true },
        });
        if (specialist?.role !== 'SPECIALIST' || !specialist.approved) {
          throw badInput('Please select a specialist', 'specificSpecialistId');
        }
      }
      await assertRoutedUrgencyAllowed(db, kase, new Date());
      if (kase.status === 'pending_payment') return kase;
      const converted = await transition(db, kase, 'pending_payment');
      if (!converted) throw conflict(DRAFT_CONFLICT, { conflict: true });
      publishCaseChange(events, converted, 'updated');
      return converted;
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
