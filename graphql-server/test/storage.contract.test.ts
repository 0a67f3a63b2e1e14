import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/lib/storage';
import { createLocalStorage } from '../src/lib/storage/local-storage';
import { createS3Storage } from '../src/lib/storage/s3-storage';
import type { Storage } from '../src/lib/storage/storage';

// One contract, two adapters: local disk always, and S3 against a real S3-protocol server (s3rver).

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function contract(name: string, make: () => Storage) {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = make();
    });

    it('puts a buffer and reads the same bytes back', async () => {
      const bytes = Buffer.from('diagnostic bytes \u00e9\u0000\u00ff');
      const stored = await storage.put('cases/a/input/one.bin', bytes, 'application/octet-stream');
      expect(stored).toEqual({ key: 'cases/a/input/one.bin', size: bytes.length });
      expect(await storage.exists('cases/a/input/one.bin')).toBe(true);
      expect((await readAll(await storage.get('cases/a/input/one.bin'))).equals(bytes)).toBe(true);
    });

    it('streams a multi-megabyte body byte for byte', async () => {
      const bytes = Buffer.alloc(6 * 1024 * 1024 + 123);
      for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
        bytes.subarray(i * 65536, (i + 1) * 65536),
      );
      const stored = await storage.put('cases/b/input/big.bin', Readable.from(chunks), 'application/octet-stream');
      expect(stored.size).toBe(bytes.length);
      expect((await readAll(await storage.get('cases/b/input/big.bin'))).equals(bytes)).toBe(true);
    });

    it('overwrites, deletes, and reports missing objects', async () => {
      await storage.put('cases/c/x.txt', Buffer.from('first'), 'text/plain');
      await storage.put('cases/c/x.txt', Buffer.from('second'), 'text/plain');
      expect((await readAll(await storage.get('cases/c/x.txt'))).toString()).toBe('second');
      await storage.delete('cases/c/x.txt');
      expect(await storage.exists('cases/c/x.txt')).toBe(false);
      await expect(storage.get('cases/c/x.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await storage.delete('cases/c/never-existed.txt');
    });

    it('keeps nothing when the body fails midway', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('cases/d/broken.bin', failing, 'application/octet-stream')).rejects.toThrow();
      expect(await storage.exists('cases/d/broken.bin')).toBe(false);
    });

    it('refuses keys that could leave the storage folder', async () => {
      for (const key of [
        '../outside.txt',
        'cases/../../etc/passwd',
        '/abs/path',
        'a\\b',
        '',
        'cases//x',
        'cases/./x',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toMatchObject({
          code: 'BAD_USER_INPUT',
        });
        await expect(storage.get(key), key).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
      }
    });
  });
}

const localRoot = await mkdtemp(join(tmpdir(), 'vetconsult-storage-'));
contract('local disk', () => createLocalStorage(localRoot));

describe('local disk specifics', () => {
  it('leaves no temporary files behind after a failed upload', async () => {
    const entries = await readdir(localRoot, { recursive: true });
    expect(entries.filter((e) => String(e).endsWith('.part'))).toEqual([]);
  });
  it('createStorage picks local disk without S3 settings', () => {
    expect(createStorage({ s3: undefined, uploadsDir: localRoot })).toBeTruthy();
  });
});

const s3Dir = await mkdtemp(join(tmpdir(), 'vetconsult-s3rver-'));
const s3rver = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory: s3Dir,
  silent: true,
  configureBuckets: [{ name: 'test-bucket' }],
});
const address = await s3rver.run();
contract('S3 (s3rver)', () =>
  createStorage({
    uploadsDir: localRoot,
    s3: {
      bucket: 'test-bucket',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
  }),
);
// Also the adapter directly, without forcePathStyle: a custom endpoint implies path-style.
contract('S3 (s3rver, endpoint only)', () =>
  createS3Storage({
    bucket: 'test-bucket',
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }),
);

afterAll(async () => {
  await s3rver.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(localRoot, { recursive: true, force: true });
});
