import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { byteCounter, type FileStorage, type Storage, type StoredFile } from './storage.js';

/** Same rule as the local folder: flat names we generate ourselves. */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/i;
const SAFE_AREA = /^[a-z][a-z0-9-]{0,40}$/;

/** Bytes per part of a streamed upload, and parts in flight: bounds the memory one upload takes. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Areas as key prefixes (`media/`, `documents/`) in one S3-compatible bucket. */
export function s3Storage(config: S3Config, client = s3Client(config)): Storage {
  return {
    area: (name) => s3Area(client, config.bucket, name),
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    },
  };
}

export function s3Client(config: S3Config) {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
}

function s3Area(client: S3Client, bucket: string, area: string): FileStorage {
  if (!SAFE_AREA.test(area)) throw new Error(`Invalid storage area: ${area}`);
  const prefix = `${area}/`;
  const keyOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return `${prefix}${key}`;
  };

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: data }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async list() {
      const files: StoredFile[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          const key = item.Key?.slice(prefix.length) ?? '';
          if (SAFE_KEY.test(key) && !key.includes('..')) {
            files.push({ key, modifiedAt: item.LastModified ?? new Date(0), size: item.Size ?? 0 });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return files;
    },
    async write(key, data, options = {}) {
      const { counter, size } = byteCounter();
      // Multipart upload in parts of PART_SIZE: the object appears only once every part is in, and a
      // failed stream aborts the upload, so nothing half-written is left under the key.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(key), Body: data.pipe(counter), ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      // A failing source does not end the piped counter; pass its error on so the upload aborts.
      data.once('error', (err) => counter.destroy(err));
      await upload.done();
      return { size: size() };
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
  };
}
