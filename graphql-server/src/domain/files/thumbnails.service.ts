import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../context';
import type { Db } from '../../lib/db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import { canReadCase } from '../cases/cases.rules';
import { requireActor } from '../cases/cases.service';
import { makeThumbnail, THUMBNAIL_TYPE } from './thumbnails';

// Thumbnails are made after an upload commits, one file at a time in the background: an upload never
// waits for them and never fails because of them (errors are logged at warn; the file then keeps its
// type icon). Each is stored beside its file (<key>.thumb.webp) and served under the read rule of
// case files (cases.rules canReadCase).

export const thumbnailPath = (fileId: number) => `/api/files/${fileId}/thumbnail`;
export const thumbnailKeyOf = (fileKey: string) => `${fileKey}.thumb.webp`;

export function createThumbnailsService(deps: { db: Db; storage: Storage; logger: Logger }) {
  const { db, storage, logger } = deps;
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;

  async function generate(fileKey: string) {
    const file = await db.caseFile.findUnique({ where: { s3Key: fileKey }, select: { id: true, fileType: true } });
    if (!file) return;
    const started = performance.now();
    const thumbnail = await makeThumbnail(await buffer(await storage.get(fileKey)), file.fileType);
    if (!thumbnail) return;
    const key = thumbnailKeyOf(fileKey);
    await storage.put(key, thumbnail, THUMBNAIL_TYPE);
    await db.caseFile.update({ where: { id: file.id }, data: { thumbnailKey: key } });
    logger.debug({ fileId: file.id, ms: Math.round(performance.now() - started) }, 'thumbnail stored');
  }

  function pump() {
    if (running || stopped) return;
    running = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      for (let key = queue.shift(); key !== undefined && !stopped; key = queue.shift()) {
        await generate(key).catch((error) => logger.warn({ err: error, key }, 'no thumbnail for this file'));
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) pump();
    });
  }

  return {
    /** Called once the rows of newly stored files have committed; returns at once. */
    afterFilesStored(fileKeys: string[]) {
      queue.push(...fileKeys);
      pump();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      while (running) await running;
    },

    /** GET /api/files/{id}/thumbnail: the same readers as the file itself. */
    async openThumbnail(actor: Actor | null, fileId: number): Promise<Readable> {
      const who = requireActor(actor);
      const file = await db.caseFile.findUnique({ where: { id: fileId }, include: { case: true } });
      if (!file) throw notFound('File not found');
      if (!canReadCase(who, file.case)) throw forbidden('You do not have permission to download this file');
      if (!file.thumbnailKey) throw notFound('This file has no thumbnail');
      return storage.get(file.thumbnailKey);
    },
  };
}

export type ThumbnailsService = ReturnType<typeof createThumbnailsService>;
