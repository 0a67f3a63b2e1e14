import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { ByteRange, Storage, StoredObject } from './storage';

/** S3 when S3_BUCKET is configured, otherwise local disk under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 's3' | 'uploadsDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}
