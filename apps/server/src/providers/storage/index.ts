import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';

export { createLocalStorage } from './local.ts';
export { createS3Storage, S3Error, type S3StorageOptions, s3ObjectUrl, signV4 } from './s3.ts';
export {
  assertValidKey,
  contentTypeForKey,
  type FileStorage,
  type StoredFile,
} from './storage.ts';

export type FileStorageConfig = Pick<
  Config,
  'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** S3-compatible storage when S3_BUCKET and its keys are set; otherwise files under `${DATA_DIR}/files`. */
export function createFileStorage(config: FileStorageConfig): FileStorage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'files'));
}
