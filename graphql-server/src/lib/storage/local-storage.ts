import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, storedFileMissing } from './keys';
import type { Storage, StoredObject } from './storage';

/**
 * Files on local disk under `root` (DATA_DIR/uploads). A body is streamed to a temporary file beside
 * its target and renamed into place once complete, so a failed upload never leaves a partial file and
 * a reader never sees one.
 */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(join(base, key));
    // Belt and braces beside assertSafeKey: the resolved path must stay inside the folder.
    const rel = relative(base, path);
    if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..')) throw storedFileMissing();
    return path;
  }

  return {
    async put(key, body, _contentType): Promise<StoredObject> {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.part`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, createWriteStream(temp));
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { key, size };
    },

    async get(key, range) {
      const path = pathOf(key);
      try {
        const handle = await open(path, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw storedFileMissing();
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
