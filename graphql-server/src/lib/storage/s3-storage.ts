import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, storedFileMissing } from './keys';
import type { Storage, StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean | undefined;
}

/**
 * Files in an S3 bucket (AWS or any S3-protocol server). Uploads stream through lib-storage (multipart
 * for large bodies). `requestChecksumCalculation: 'WHEN_REQUIRED'` keeps streamed bodies free of the
 * aws-chunked framing that S3-compatible servers store verbatim (see STACK.md); path-style addressing
 * is used whenever a custom endpoint is configured.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle === true || !!options.endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType): Promise<StoredObject> {
      assertSafeKey(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('error', (error) => counter.destroy(error));
      source.pipe(counter);
      // lib-storage aborts the multipart upload when the body fails, so nothing partial stays behind.
      await new Upload({ client, params: { Bucket, Key: key, Body: counter, ContentType: contentType } }).done();
      return { key, size };
    },

    async get(key, range) {
      assertSafeKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return result.Body;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw storedFileMissing();
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (
          error instanceof NotFound ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        ) {
          return false;
        }
        throw error;
      }
    },
  };
}
