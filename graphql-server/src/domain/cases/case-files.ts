import type { Readable } from 'node:stream';
import type { CaseFile, Prisma } from '../../generated/prisma/client';
import type { FileCategory } from '../../generated/prisma/enums';
import type { Db } from '../../lib/db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { ByteRange, Storage } from '../../lib/storage';
import { type Actor, requireActor } from '../actor';
import { createStoredObjects } from '../files/stored-objects';
import { CASE_NOT_FOUND, caseWhere, readableCase, readableFile } from './case-access';
import { publishCaseChange } from './case-events';
import { assertCanAddInputFiles, assertCanReview, FILES_ON_CANCELLED } from './cases.rules';
import { assertMaxFileBytes, type MultipartIntake, UPLOAD_LIMITS } from './files';

// The files of a case: stored under cases/<uuid>/<category>/ with their rows written in the same
// transaction as the change they belong to (a submission, a review, an added file), listed, downloaded
// and zipped under the case's read rule.

export type FileRows = Prisma.CaseFileCreateManyCaseInput[];

export interface FileStoreDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Runs after the rows of newly stored files commit (thumbnails are made there); must not throw. */
  afterFilesStored?: (fileKeys: string[]) => unknown;
}

/** How the use cases store the files of one change: objects first, then their rows with the change. */
export function createFileStore(deps: FileStoreDeps) {
  const { db, storage, logger } = deps;

  const objects = createStoredObjects({ storage, logger });

  return {
    /**
     * Stores the files, then runs `write` (which creates their rows and changes the case) in one
     * transaction. If the transaction fails the stored objects are removed: no row without its object,
     * no object without its row.
     */
    async withStoredFiles<T>(
      caseUuid: string,
      intake: MultipartIntake,
      category: FileCategory,
      uploaderId: number,
      write: (tx: Prisma.TransactionClient, rows: FileRows) => Promise<T>,
    ): Promise<T> {
      const rows = await objects.store(caseUuid, intake.files, category, uploaderId);
      try {
        const result = await db.$transaction((tx) => write(tx, rows));
        if (rows.length > 0) deps.afterFilesStored?.(rows.map((row) => row.s3Key));
        return result;
      } catch (error) {
        await objects.remove(rows.map((r) => r.s3Key));
        throw error;
      }
    },

    async createFileRows(tx: Prisma.TransactionClient, caseId: number, rows: FileRows) {
      if (rows.length > 0) await tx.caseFile.createMany({ data: rows.map((row) => ({ ...row, caseId })) });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

const FILE_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export function createCaseFiles(deps: { db: Db; storage: Storage; events: EventBus; files: FileStore }) {
  const { db, storage, events, files } = deps;

  return {
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
      const kase = await db.case.findUnique({ where: caseWhere(ref) });
      if (!kase) throw notFound(CASE_NOT_FOUND);
      if (category === 'summary') assertCanReview(who, kase);
      else {
        assertCanAddInputFiles(who, kase);
        assertMaxFileBytes(intake, UPLOAD_LIMITS.consult.maxFileBytes);
      }
      if (intake.files.length === 0) throw badInput('Please choose at least one file', 'files');
      const created = await files.withStoredFiles(kase.uuid, intake, category, who.id, async (tx, rows) => {
        const current = await tx.case.findUniqueOrThrow({ where: { id: kase.id }, select: { status: true } });
        // Re-checked inside the transaction: the case may have moved on since it was read.
        if (category === 'summary' && current.status !== 'accepted')
          throw conflict('This case has already been reviewed');
        if (category === 'input' && current.status === 'reviewed')
          throw conflict('Files cannot be added to a completed case');
        if (current.status === 'cancelled') throw conflict(FILES_ON_CANCELLED);
        await files.createFileRows(tx, kase.id, rows);
        return tx.caseFile.findMany({ where: { s3Key: { in: rows.map((r) => r.s3Key) } }, orderBy: { id: 'asc' } });
      });
      publishCaseChange(events, kase, 'file_added');
      return created;
    },

    async listFiles(actor: Actor | null, ref: string | number): Promise<CaseFile[]> {
      return (await readableCase(db, actor, ref, { include: { files: { orderBy: FILE_ORDER } } })).files;
    },

    /** One file for download, if the actor may read its case. */
    async openFile(
      actor: Actor | null,
      fileId: number,
      range?: (size: number) => ByteRange | undefined,
    ): Promise<{ file: CaseFile; body: Readable; range: ByteRange | undefined }> {
      const file = await readableFile(db, actor, fileId);
      const span = range?.(file.fileSize);
      return { file, body: await storage.get(file.s3Key, span), range: span };
    },

    /** The case's diagnostic (input) files, opened one at a time while a zip is written. */
    async filesForArchive(actor: Actor | null, ref: string | number) {
      const kase = await readableCase(db, actor, ref, {
        include: { files: { where: { fileCategory: 'input' }, orderBy: FILE_ORDER } },
      });
      if (kase.files.length === 0) throw notFound('This case has no files');
      return { kase, files: kase.files, open: (file: CaseFile) => storage.get(file.s3Key) };
    },
  };
}
