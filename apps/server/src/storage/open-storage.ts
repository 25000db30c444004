import type { Config } from '../config.js';
import { s3Storage } from './s3-storage.js';
import { localStorage, type Storage } from './storage.js';

/** The one storage of the process: the S3 bucket when S3_BUCKET is set, otherwise folders under DATA_DIR. */
export function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.dataDir);
}
