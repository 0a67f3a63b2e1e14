import type { Readable } from 'node:stream';

// Where uploaded files live: local disk under DATA_DIR/uploads by default, an S3 bucket when S3_BUCKET
// is set. One contract test suite runs against both (graphql-server/test/storage.contract.test.ts).

export interface StoredObject {
  key: string;
  size: number;
}

/** Inclusive byte offsets, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Streams a body to `key`; rejects (and leaves nothing behind) when the stream fails. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  /** The whole object, or the inclusive byte range (HTTP range requests: video seeking). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
