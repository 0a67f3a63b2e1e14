import type { Readable } from 'node:stream';

// Where uploaded files live: local disk under DATA_DIR/uploads by default, an S3 bucket when S3_BUCKET
// is set. One contract test suite runs against both (graphql-server/test/storage.contract.test.ts).

export interface StoredObject {
  key: string;
  size: number;
}

export interface Storage {
  /** Streams a body to `key`; rejects (and leaves nothing behind) when the stream fails. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
