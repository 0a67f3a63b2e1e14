import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  type CaseSearchInput,
  caseSearchSchema,
  consultSubmissionSchema,
  reviewSchema,
  revisitSchema,
} from '@vetconsult/schema/consult';
import { isRowId } from '@vetconsult/schema/values';
import type { Actor } from '../../context';
import { type Case, type CaseFile, type Payment, Prisma } from '../../generated/prisma/client';
import type { CaseStatus, FileCategory } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../../lib/errors';
import type { CaseChangeKind, EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { ByteRange, Storage } from '../../lib/storage';
import { parseInput } from '../../lib/validation';
import {
  assertCanAccept,
  assertCanAddInputFiles,
  assertCanReview,
  assertCanRevisit,
  assertVeterinarian,
  CASE_ALREADY_ACCEPTED,
  canReadCase,
  nextRevisitNumber,
  startOfWeek,
  UNPAID_STATUSES,
} from './cases.rules';
import { type CaseWithRelations, caseViewInclude } from './cases.view';
import { consultColumns, planSubmission } from './consult-submission';
import { assertMaxFileBytes, type IncomingFile, keySegment, type MultipartIntake, UPLOAD_LIMITS } from './files';
import { assertChoosableSpecialist } from './specialist-choice';

export type DbOrTx = Db | Prisma.TransactionClient;

/** A succeeded payment as the activation rule needs it. */
export type PaymentForActivation = Payment;

export interface CasesServiceDeps {
  db: Db;
  storage: Storage;
  events: EventBus;
  logger: Logger;
  /**
   * Activates a case with a succeeded payment inside the caller's transaction (claims the payment once,
   * counts its coupon redemption, moves the case to pending); null when the payment was already used.
   * The payments module owns this rule; it is injected to keep the modules free of an import cycle.
   */
  activateWithPayment: (tx: DbOrTx, payment: PaymentForActivation, caseId: number) => Promise<Case | null>;
  /** Runs after a review commits (the consultation report is scheduled there); must not throw. */
  afterReview?: (caseId: number) => unknown;
  /** Runs after the rows of newly stored files commit (thumbnails are made there); must not throw. */
  afterFilesStored?: (fileKeys: string[]) => unknown;
  now?: () => Date;
}

export interface ActivateCaseInput {
  caseId: number;
  paymentIntentId: string;
  /** Amount paid, in cents. */
  amount: number;
  /** The version the payment was verified against: a case changed since then is not activated. */
  version?: number;
}

export interface ActivationResult {
  /** true when this call moved the case from pending_payment to pending. */
  activated: boolean;
  kase: Case | null;
}

export interface DashboardStats {
  activeCount: number;
  completedThisWeek: number;
  pendingCount: number;
}

/** The statuses a specialist ever sees: paid cases. */
const SPECIALIST_VISIBLE: CaseStatus[] = ['pending', 'accepted', 'reviewed'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CASE_NOT_FOUND = 'Case not found';
export const CASE_READ_DENIED = 'You do not have permission to view this case';

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

/** A case named by its numeric id or its uuid (both appear in SPEC §7 paths). */
export function caseWhere(ref: string | number): Prisma.CaseWhereUniqueInput {
  const text = String(ref).trim();
  if (/^\d{1,10}$/.test(text)) {
    if (!isRowId(Number(text))) throw notFound(CASE_NOT_FOUND);
    return { id: Number(text) };
  }
  if (UUID.test(text)) return { uuid: text.toLowerCase() };
  throw notFound(CASE_NOT_FOUND);
}

/** Search by pet name, family name, species, breed, or case id (the first characters of the uuid). */
export function searchWhere(search: string | undefined): Prisma.CaseWhereInput {
  if (!search) return {};
  const contains = { contains: search, mode: 'insensitive' as const };
  const or: Prisma.CaseWhereInput[] = [
    { patientName: contains },
    { familyLastName: contains },
    { species: contains },
    { breed: contains },
  ];
  const text = search.toLowerCase();
  if (UUID.test(text)) or.push({ uuid: text });
  else if (/^[0-9a-f]{1,8}$/.test(text)) {
    // uuid columns have no LIKE: a prefix is a range.
    or.push({
      uuid: {
        gte: `${text.padEnd(8, '0')}-0000-0000-0000-000000000000`,
        lte: `${text.padEnd(8, 'f')}-ffff-ffff-ffff-ffffffffffff`,
      },
    });
  }
  return { OR: or };
}

/** Moves an unpaid case to pending; the payments module calls this inside its own transaction. */
export async function activateCase(tx: DbOrTx, input: ActivateCaseInput): Promise<ActivationResult> {
  const moved = await tx.case.updateMany({
    where: { id: input.caseId, status: 'pending_payment', ...(input.version ? { version: input.version } : {}) },
    data: {
      status: 'pending',
      isPaid: true,
      stripePaymentIntentId: input.paymentIntentId,
      paymentAmount: input.amount,
      version: { increment: 1 },
    },
  });
  const kase = await tx.case.findUnique({ where: { id: input.caseId } });
  return { activated: moved.count === 1, kase };
}

export function createCasesService(deps: CasesServiceDeps) {
  const { db, storage, events, logger } = deps;
  const now = deps.now ?? (() => new Date());

  function publish(
    kase: Pick<Case, 'id' | 'uuid' | 'vetId' | 'specialistId' | 'specialty' | 'status'>,
    kind: CaseChangeKind,
  ) {
    events.publish('case.changed', {
      caseId: kase.id,
      uuid: kase.uuid,
      vetId: kase.vetId,
      specialistId: kase.specialistId,
      specialty: kase.specialty,
      status: kase.status,
      kind,
      at: Date.now(),
    });
  }

  async function findCase(ref: string | number): Promise<CaseWithRelations> {
    const kase = await db.case.findUnique({ where: caseWhere(ref), include: caseViewInclude });
    if (!kase) throw notFound(CASE_NOT_FOUND);
    return kase;
  }

  async function findCaseFacts(ref: string | number) {
    const kase = await db.case.findUnique({ where: caseWhere(ref) });
    if (!kase) throw notFound(CASE_NOT_FOUND);
    return kase;
  }

  async function readable(actor: Actor | null, ref: string | number): Promise<CaseWithRelations> {
    const who = requireActor(actor);
    const kase = await findCase(ref);
    if (!canReadCase(who, kase)) throw forbidden(CASE_READ_DENIED);
    return kase;
  }

  /**
   * Puts accepted files into storage under cases/<uuid>/ and returns their rows to create. On any
   * failure the objects already stored are removed again.
   */
  async function storeFiles(
    caseUuid: string,
    files: IncomingFile[],
    category: FileCategory,
    uploaderId: number,
  ): Promise<Prisma.CaseFileCreateManyCaseInput[]> {
    const rows: Prisma.CaseFileCreateManyCaseInput[] = [];
    try {
      for (const file of files) {
        const key = `cases/${caseUuid}/${category}/${keySegment(file.filename)}`;
        const stored = await storage.put(key, createReadStream(file.tempPath), file.fileType);
        rows.push({
          filename: file.filename,
          fileType: file.fileType,
          fileSize: stored.size,
          s3Key: key,
          fileCategory: category,
          uploadedById: uploaderId,
        });
      }
      return rows;
    } catch (error) {
      await removeStored(rows.map((r) => r.s3Key));
      throw error;
    }
  }

  async function removeStored(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'could not remove a stored file'));
    }
  }

  /**
   * Stores the files, then runs `write` (which creates their rows and changes the case) in one
   * transaction. If the transaction fails the stored objects are removed: no row without its object,
   * no object without its row.
   */
  async function withStoredFiles<T>(
    caseUuid: string,
    intake: MultipartIntake,
    category: FileCategory,
    uploaderId: number,
    write: (tx: Prisma.TransactionClient, rows: Prisma.CaseFileCreateManyCaseInput[]) => Promise<T>,
  ): Promise<T> {
    const rows = await storeFiles(caseUuid, intake.files, category, uploaderId);
    try {
      const result = await db.$transaction((tx) => write(tx, rows));
      if (rows.length > 0) deps.afterFilesStored?.(rows.map((row) => row.s3Key));
      return result;
    } catch (error) {
      await removeStored(rows.map((r) => r.s3Key));
      throw error;
    }
  }

  async function createFileRows(
    tx: Prisma.TransactionClient,
    caseId: number,
    rows: Prisma.CaseFileCreateManyCaseInput[],
  ) {
    if (rows.length > 0) await tx.caseFile.createMany({ data: rows.map((row) => ({ ...row, caseId })) });
  }

  /** A succeeded payment of this veterinarian, or null when the id names none (the case then stays unpaid). */
  async function paymentFor(actor: Actor, paymentIntentId: string | undefined) {
    if (!paymentIntentId) return null;
    const payment = await db.payment.findUnique({ where: { providerPaymentIntentId: paymentIntentId } });
    if (!payment) return null;
    if (payment.userId !== actor.id) throw forbidden('This payment does not belong to you');
    return payment;
  }

  /** The where clause of a case list for this actor: what SPEC §6 lets them see. */
  function scopeWhere(actor: Actor, userId?: number): Prisma.CaseWhereInput {
    if (userId !== undefined && userId !== actor.id && actor.role !== 'ADMIN') {
      throw forbidden('You can only list your own cases');
    }
    if (actor.role === 'ADMIN') {
      return userId !== undefined ? { OR: [{ vetId: userId }, { specialistId: userId }] } : {};
    }
    if (actor.role === 'SPECIALIST') return { specialistId: actor.id, status: { in: SPECIALIST_VISIBLE } };
    return { vetId: actor.id };
  }

  function statusWhere(status: CaseSearchInput['status']): Prisma.CaseWhereInput {
    // "All" lists submitted work (unpaid cases too, labelled Awaiting payment); the Drafts tab holds the
    // vet's unfinished work: drafts and cases still awaiting payment.
    if (!status || status === 'all') return { status: { not: 'draft' } };
    if (status === 'draft') return { status: { in: [...UNPAID_STATUSES] } };
    return { status };
  }

  const service = {
    activateCase,

    /** Publishes the change an activation made, once its transaction has committed. */
    caseActivated(kase: Case) {
      publish(kase, 'activated');
    },

    /** Activates in its own transaction and publishes (for callers without a transaction of their own). */
    async activate(input: ActivateCaseInput): Promise<ActivationResult> {
      const result = await db.$transaction((tx) => activateCase(tx, input));
      if (result.activated && result.kase) publish(result.kase, 'activated');
      return result;
    },

    /**
     * Prisma arguments (where, order, cursor, page size) of a case list for the actor; both doors use
     * them, GraphQL adding its selection.
     */
    listArgs(actor: Actor | null, raw: unknown, userId?: number) {
      const who = requireActor(actor);
      const filter = parseInput(caseSearchSchema, raw);
      return {
        where: { AND: [scopeWhere(who, userId), statusWhere(filter.status), searchWhere(filter.search)] },
        orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
        take: filter.first ?? 100,
        ...(filter.after && UUID.test(filter.after) ? { cursor: { uuid: filter.after.toLowerCase() }, skip: 1 } : {}),
      } satisfies Prisma.CaseFindManyArgs;
    },

    /** The actor's cases (vet: own; specialist: assigned; admin: all), filtered and searched. */
    async listCases(actor: Actor | null, raw: unknown, userId?: number): Promise<CaseWithRelations[]> {
      return db.case.findMany({ ...service.listArgs(actor, raw, userId), include: caseViewInclude });
    },

    /**
     * SPEC §6 "Available Cases list for own specialty": pending cases assigned to this specialist in
     * their specialty, waiting to be accepted.
     */
    availableArgs(actor: Actor | null) {
      const who = requireActor(actor);
      if (who.role !== 'SPECIALIST') throw forbidden('Only specialists can see available cases');
      return {
        where: {
          status: 'pending' as const,
          specialistId: who.id,
          ...(who.specialty ? { specialty: who.specialty } : {}),
        },
        orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }],
        take: 100,
      } satisfies Prisma.CaseFindManyArgs;
    },

    async availableCases(actor: Actor | null): Promise<CaseWithRelations[]> {
      return db.case.findMany({ ...service.availableArgs(actor), include: caseViewInclude });
    },

    /** GET /api/cases/specialist/{id}: a specialist's own cases (or any, for the administrator). */
    async specialistCases(actor: Actor | null, specialistId: number): Promise<CaseWithRelations[]> {
      const who = requireActor(actor);
      if (who.role !== 'ADMIN' && !(who.role === 'SPECIALIST' && who.id === specialistId)) {
        throw forbidden('You can only list your own cases');
      }
      return db.case.findMany({
        where: { specialistId, status: { in: SPECIALIST_VISIBLE } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 200,
        include: caseViewInclude,
      });
    },

    getCase: readable,

    /** Throws unless the actor may read the case; returns its id (GraphQL then selects what it needs). */
    async assertReadable(actor: Actor | null, ref: string | number): Promise<number> {
      const who = requireActor(actor);
      const kase = await findCaseFacts(ref);
      if (!canReadCase(who, kase)) throw forbidden(CASE_READ_DENIED);
      return kase.id;
    },

    /**
     * Dashboard stats over the cases the actor sees: active = accepted, pending = pending, and
     * "completed this week" = reviewed since Monday 00:00 in the user's time zone.
     */
    async stats(actor: Actor | null, userId?: number): Promise<DashboardStats> {
      const who = requireActor(actor);
      const scope = scopeWhere(who, userId);
      const user = await db.user.findUnique({ where: { id: who.id }, select: { timezone: true } });
      const weekStart = startOfWeek(now(), user?.timezone ?? 'America/Toronto');
      const [activeCount, completedThisWeek, pendingCount] = await Promise.all([
        db.case.count({ where: { AND: [scope, { status: 'accepted' }] } }),
        db.case.count({ where: { AND: [scope, { status: 'reviewed', reviewedAt: { gte: weekStart } }] } }),
        db.case.count({ where: { AND: [scope, { status: 'pending' }] } }),
      ]);
      return { activeCount, completedThisWeek, pendingCount };
    },

    /**
     * SPEC §7 POST /api/cases, the final submission of a consult. The case is the one paid for (the
     * payment names it), else the veterinarian's draft or unpaid case named by caseId, else a new one
     * (consult-submission.ts decides, and what a paid case may still take). It is activated only by a
     * succeeded payment of this veterinarian that settlement verifies against the case as written.
     */
    async submitConsult(actor: Actor | null, intake: MultipartIntake): Promise<CaseWithRelations> {
      const who = requireActor(actor);
      assertVeterinarian(who);
      const data = parseInput(consultSubmissionSchema, intake.fields);
      await assertChoosableSpecialist(db, data.specificSpecialistId, data.specialty);
      const payment = await paymentFor(who, data.paymentIntentId);
      const plan = await planSubmission(db, who, data, payment);
      if (plan.mode === 'files') {
        // A paid case is never rewritten: the submit that ends the payment flow only adds its files.
        const { target } = plan;
        await withStoredFiles(target.uuid, intake, 'input', who.id, (tx, rows) => createFileRows(tx, target.id, rows));
        if (intake.files.length > 0) publish(target, 'file_added');
        return findCase(target.id);
      }
      const target = plan.mode === 'write' ? plan.target : null;
      const fields = consultColumns(data, data.specificSpecialistId);
      const caseUuid = target?.uuid ?? randomUUID();
      let activated = false;
      const kase = await withStoredFiles(caseUuid, intake, 'input', who.id, async (tx, rows) => {
        let row: Case;
        if (target) {
          const moved = await tx.case.updateMany({
            where: { id: target.id, status: target.status, version: target.version },
            data: {
              ...fields,
              specialistResponses: fields.specialistResponses ?? Prisma.DbNull,
              status: 'pending_payment',
              version: { increment: 1 },
            },
          });
          if (moved.count !== 1) throw conflict('This consult was changed meanwhile. Please try again.');
          row = await tx.case.findUniqueOrThrow({ where: { id: target.id } });
        } else {
          row = await tx.case.create({ data: { ...fields, uuid: caseUuid, vetId: who.id, status: 'pending_payment' } });
        }
        await createFileRows(tx, row.id, rows);
        // Settlement verifies the payment against the case as just written, and refuses a mismatch.
        if (payment?.status === 'succeeded') activated = (await deps.activateWithPayment(tx, payment, row.id)) !== null;
        return row;
      });
      publish(kase, activated ? 'activated' : intake.files.length > 0 ? 'file_added' : 'updated');
      return findCase(kase.id);
    },

    /**
     * Accepting is one conditional update (status still pending, assigned to this specialist): of
     * concurrent accepts exactly one changes the row; the others get a conflict.
     */
    async acceptCase(actor: Actor | null, ref: string | number): Promise<CaseWithRelations> {
      const who = requireActor(actor);
      const kase = await findCaseFacts(ref);
      assertCanAccept(who, kase);
      const moved = await db.case.updateMany({
        where: { id: kase.id, status: 'pending', specialistId: who.id },
        data: { status: 'accepted', acceptedAt: now(), version: { increment: 1 } },
      });
      if (moved.count !== 1) throw conflict(CASE_ALREADY_ACCEPTED);
      const accepted = await findCase(kase.id);
      publish(accepted, 'accepted');
      return accepted;
    },

    /** The final summary with optional attachments (category summary); the case becomes reviewed. */
    async submitReview(actor: Actor | null, ref: string | number, intake: MultipartIntake): Promise<CaseWithRelations> {
      const who = requireActor(actor);
      const kase = await findCaseFacts(ref);
      assertCanReview(who, kase);
      const { summary } = parseInput(reviewSchema, intake.fields);
      await withStoredFiles(kase.uuid, intake, 'summary', who.id, async (tx, rows) => {
        const moved = await tx.case.updateMany({
          where: { id: kase.id, status: 'accepted', specialistId: who.id },
          data: { status: 'reviewed', summary, summaryDraft: null, reviewedAt: now(), version: { increment: 1 } },
        });
        if (moved.count !== 1) throw conflict('This case has already been reviewed');
        await createFileRows(tx, kase.id, rows);
      });
      const reviewed = await findCase(kase.id);
      publish(reviewed, 'reviewed');
      deps.afterReview?.(kase.id);
      return reviewed;
    },

    /**
     * POST /api/cases/{id}/files: summary attachments by the assigned specialist while the case is
     * accepted, or diagnostic files by its veterinarian until it is reviewed.
     */
    async addFiles(
      actor: Actor | null,
      ref: string | number,
      intake: MultipartIntake,
      category: FileCategory,
    ): Promise<CaseFile[]> {
      const who = requireActor(actor);
      const kase = await findCaseFacts(ref);
      if (category === 'summary') assertCanReview(who, kase);
      else {
        assertCanAddInputFiles(who, kase);
        assertMaxFileBytes(intake, UPLOAD_LIMITS.consult.maxFileBytes);
      }
      if (intake.files.length === 0) throw badInput('Please choose at least one file', 'files');
      const created = await withStoredFiles(kase.uuid, intake, category, who.id, async (tx, rows) => {
        const current = await tx.case.findUniqueOrThrow({ where: { id: kase.id }, select: { status: true } });
        // Re-checked inside the transaction: the case may have moved on since it was read.
        if (category === 'summary' && current.status !== 'accepted')
          throw conflict('This case has already been reviewed');
        if (category === 'input' && current.status === 'reviewed')
          throw conflict('Files cannot be added to a completed case');
        await createFileRows(tx, kase.id, rows);
        return tx.caseFile.findMany({ where: { s3Key: { in: rows.map((r) => r.s3Key) } }, orderBy: { id: 'asc' } });
      });
      publish(kase, 'file_added');
      return created;
    },

    /**
     * The older view's POST /api/cases/{id}/complete: the assigned specialist completes an accepted
     * case that has a summary text or at least one summary attachment.
     */
    async completeCase(actor: Actor | null, ref: string | number): Promise<CaseWithRelations> {
      const who = requireActor(actor);
      const kase = await findCaseFacts(ref);
      assertCanReview(who, kase);
      const attachments = await db.caseFile.count({ where: { caseId: kase.id, fileCategory: 'summary' } });
      if (!kase.summary?.trim() && attachments === 0)
        throw badInput('Please provide a summary before submitting', 'summary');
      const moved = await db.case.updateMany({
        where: { id: kase.id, status: 'accepted', specialistId: who.id },
        data: { status: 'reviewed', reviewedAt: now(), version: { increment: 1 } },
      });
      if (moved.count !== 1) throw conflict('This case has already been reviewed');
      const reviewed = await findCase(kase.id);
      publish(reviewed, 'reviewed');
      deps.afterReview?.(kase.id);
      return reviewed;
    },

    async listFiles(actor: Actor | null, ref: string | number): Promise<CaseFile[]> {
      return (await readable(actor, ref)).files;
    },

    /** One file for download, if the actor may read its case. */
    async openFile(
      actor: Actor | null,
      fileId: number,
      range?: (size: number) => ByteRange | undefined,
    ): Promise<{ file: CaseFile; body: Readable; range: ByteRange | undefined }> {
      const who = requireActor(actor);
      const file = await db.caseFile.findUnique({ where: { id: fileId }, include: { case: true } });
      if (!file) throw notFound('File not found');
      if (!canReadCase(who, file.case)) throw forbidden('You do not have permission to download this file');
      const { case: _case, ...row } = file;
      const span = range?.(file.fileSize);
      return { file: row, body: await storage.get(file.s3Key, span), range: span };
    },

    /** The case's diagnostic (input) files, opened one at a time while a zip is written. */
    async filesForArchive(actor: Actor | null, ref: string | number) {
      const kase = await readable(actor, ref);
      const inputs = kase.files.filter((f) => f.fileCategory === 'input');
      if (inputs.length === 0) throw notFound('This case has no files');
      return { kase, files: inputs, open: (file: CaseFile) => storage.get(file.s3Key) };
    },

    /**
     * SPEC §7 POST /api/cases/revisit: the case's own veterinarian reopens a reviewed case. The new
     * case links to the original (originalCaseId), to the first case of the chain (baseUuid) and carries
     * N = revisitNumber = revisionNumber, numbered along the chain. It waits for payment like a consult.
     */
    async createRevisit(actor: Actor | null, intake: MultipartIntake): Promise<CaseWithRelations> {
      const who = requireActor(actor);
      const data = parseInput(revisitSchema, intake.fields);
      const original = await db.case.findUnique({ where: caseWhere(data.originalCaseUuid) });
      if (!original) throw notFound(CASE_NOT_FOUND);
      assertCanRevisit(who, original);
      const specialistId = data.specialistId ?? original.specialistId;
      await assertChoosableSpecialist(db, specialistId, original.specialty, 'specialistId');
      const payment = await paymentFor(who, data.paymentIntentId);
      const baseUuid = original.baseUuid ?? original.uuid;
      const uuid = randomUUID();
      let activated = false;
      const revisit = await withStoredFiles(uuid, intake, 'input', who.id, async (tx, rows) => {
        // Serialise revisits of one chain so that two never get the same number.
        await tx.$queryRaw`SELECT id FROM cases WHERE uuid = ${baseUuid}::uuid FOR UPDATE`;
        const chain = await tx.case.findMany({
          where: { OR: [{ baseUuid }, { uuid: baseUuid }] },
          select: { revisitNumber: true, revisionNumber: true },
        });
        const n = nextRevisitNumber(chain.map((c) => Math.max(c.revisitNumber, c.revisionNumber)));
        const row = await tx.case.create({
          data: {
            uuid,
            baseUuid,
            originalCaseId: original.id,
            revisitNumber: n,
            revisionNumber: n,
            vetId: who.id,
            specialistId,
            specialty: original.specialty,
            patientName: original.patientName,
            familyLastName: original.familyLastName,
            contactEmail: original.contactEmail,
            submittingDvm: original.submittingDvm,
            dateOfBirth: original.dateOfBirth,
            species: original.species,
            sex: original.sex,
            breed: original.breed,
            spayNeuterStatus: original.spayNeuterStatus,
            age: original.age,
            ageUnit: original.ageUnit,
            clinicalSigns: data.clinicalSigns,
            questions: data.questions,
            termsAccepted: true,
            status: 'pending_payment',
          },
        });
        await createFileRows(tx, row.id, rows);
        const usable =
          payment?.status === 'succeeded' &&
          payment.activatedAt === null &&
          (payment.caseId === original.id || payment.caseId === row.id);
        if (payment && usable) {
          activated = (await deps.activateWithPayment(tx, payment, row.id)) !== null;
        }
        return row;
      });
      publish(revisit, activated ? 'activated' : 'revisited');
      return findCase(revisit.id);
    },
  };
  return service;
}

export type CasesService = ReturnType<typeof createCasesService>;
