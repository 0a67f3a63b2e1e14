import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../../lib/db/client';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../actor';
import { readableFile } from '../cases/case-access';
import { createJobRunner } from '../jobs/runner';
import { makeThumbnail, THUMBNAIL_TYPE } from './thumbnails';

// Thumbnails are made after an upload commits, one file at a time on the job runner: an upload never
// waits for them and never fails because of them (errors are logged at warn; the file then keeps its
// type icon). Each is stored beside its file (<key>.thumb.webp) and served under the read rule of
// case files.

const thumbnailKeyOf = (fileKey: string) => `${fileKey}.thumb.webp`;

export function createThumbnailsService(deps: { db: Db; storage: Storage; logger: Logger }) {
  const { db, storage, logger } = deps;

  const runner = createJobRunner<string>({
    async run(fileKey) {
      const file = await db.caseFile.findUnique({ where: { s3Key: fileKey }, select: { id: true, fileType: true } });
      if (!file) return;
      const started = performance.now();
      const thumbnail = await makeThumbnail(await buffer(await storage.get(fileKey)), file.fileType);
      if (!thumbnail) return;
      const key = thumbnailKeyOf(fileKey);
      await storage.put(key, thumbnail, THUMBNAIL_TYPE);
      await db.caseFile.update({ where: { id: file.id }, data: { thumbnailKey: key } });
      logger.debug({ fileId: file.id, ms: Math.round(performance.now() - started) }, 'thumbnail stored');
    },
    failed: (error, key) => logger.warn({ err: error, key }, 'no thumbnail for this file'),
  });

  return {
    /** Called once the rows of newly stored files have committed; returns at once. */
    afterFilesStored(fileKeys: string[]) {
      for (const key of fileKeys) runner.add(key);
    },
    idle: runner.idle,
    stop: runner.stop,

    /** GET /api/files/{id}/thumbnail: the same readers as the file itself. */
    async openThumbnail(actor: Actor | null, fileId: number): Promise<Readable> {
      const file = await readableFile(db, actor, fileId);
      if (!file.thumbnailKey) throw notFound('This file has no thumbnail');
      return storage.get(file.thumbnailKey);
    },
  };
}

export type ThumbnailsService = ReturnType<typeof createThumbnailsService>;
