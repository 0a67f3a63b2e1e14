import { createReadStream } from 'node:fs';
import type { FileCategory } from '../../generated/prisma/enums';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { type IncomingFile, keySegment } from '../cases/files';

// The objects behind case files (diagnostic files, summaries, message attachments): stored under
// cases/<uuid>/<category>/ before the transaction that writes their rows, and removed again if that
// transaction fails, so there is never a row without its object nor an object without its row.

/** A stored object's row, without the case (and message) the transaction links it to. */
export interface StoredFileRow {
  filename: string;
  fileType: string;
  fileSize: number;
  s3Key: string;
  fileCategory: FileCategory;
  uploadedById: number;
}

export function createStoredObjects(deps: { storage: Storage; logger: Logger }) {
  const { storage, logger } = deps;

  async function remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'could not remove a stored file'));
    }
  }

  /** Puts the files into storage and returns their rows; on a failure the objects stored are removed. */
  async function store(
    caseUuid: string,
    files: IncomingFile[],
    category: FileCategory,
    uploaderId: number,
  ): Promise<StoredFileRow[]> {
    const rows: StoredFileRow[] = [];
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
      await remove(rows.map((row) => row.s3Key));
      throw error;
    }
  }

  return { store, remove };
}
