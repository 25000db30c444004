import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config.js';
import { s3Client, s3Storage } from './s3-storage.js';
import { localStorage, type Storage } from './storage.js';

/** Reads a stream whole (test sizes only). */
async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes in chunks of 64 KiB, each byte its offset modulo 251, made as they are read. */
function generated(total: number, failAt?: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

type Adapter = { name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> };

const adapters: Adapter[] = [
  {
    name: 'local folder',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'atrium-storage-'));
      return { storage: localStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'atrium-s3rver-'));
      const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
      const { port } = await server.run();
      const config: S3Config = {
        bucket: 'atrium-test',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      };
      const client = s3Client(config);
      await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
      return {
        storage: s3Storage(config, client),
        async close() {
          client.destroy();
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

// One suite, run on each adapter: they must behave the same.
for (const adapter of adapters) {
  describe(`file storage: ${adapter.name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await adapter.open());
    }, 30_000);
    afterAll(() => close());

    it('puts, gets, lists and removes files by key', async () => {
      const media = storage.area('media');
      expect(await media.get('a.png')).toBeNull();
      expect(await media.exists('a.png')).toBe(false);
      await media.put('a.png', Buffer.from('first'));
      await media.put('a.png', Buffer.from('second'));
      expect((await media.get('a.png'))?.toString()).toBe('second');
      expect(await media.exists('a.png')).toBe(true);
      const listed = await media.list();
      expect(listed.map((f) => [f.key, f.size])).toEqual([['a.png', 6]]);
      expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      await media.remove('a.png');
      await media.remove('a.png');
      expect(await media.get('a.png')).toBeNull();
    });

    it('keeps areas apart', async () => {
      await storage.area('media').put('same.txt', Buffer.from('media'));
      await storage.area('documents').put('same.txt', Buffer.from('documents'));
      expect((await storage.area('media').get('same.txt'))?.toString()).toBe('media');
      expect((await storage.area('documents').list()).map((f) => f.key)).toEqual(['same.txt']);
      await storage.area('media').remove('same.txt');
      expect((await storage.area('documents').get('same.txt'))?.toString()).toBe('documents');
      await storage.area('documents').remove('same.txt');
    });

    it('streams a multi-part file in and out with its size', async () => {
      const docs = storage.area('documents');
      const total = 12 * 1024 * 1024 + 123;
      const { size } = await docs.write('big.bin', generated(total), { contentType: 'application/octet-stream' });
      expect(size).toBe(total);
      const read = await docs.read('big.bin');
      expect(read?.size).toBe(total);
      const data = await collect(read!.stream);
      expect(data.length).toBe(total);
      expect(data[0]).toBe(0);
      expect(data[total - 1]).toBe((total - 1) % 251);
      expect(data[5_000_000]).toBe(5_000_000 % 251);
      await docs.remove('big.bin');
      expect(await docs.read('big.bin')).toBeNull();
    }, 60_000);

    it('leaves nothing under the key when the stream fails, and keeps the file it had', async () => {
      const docs = storage.area('documents');
      await docs.write('kept.bin', Readable.from([Buffer.from('old content')]));
      await expect(docs.write('kept.bin', generated(8 * 1024 * 1024, 6 * 1024 * 1024))).rejects.toThrow();
      expect((await docs.get('kept.bin'))?.toString()).toBe('old content');
      await expect(docs.write('never.bin', generated(1024 * 1024, 128 * 1024))).rejects.toThrow();
      expect(await docs.exists('never.bin')).toBe(false);
      expect((await docs.list()).map((f) => f.key)).toEqual(['kept.bin']);
      await docs.remove('kept.bin');
    }, 60_000);

    it('refuses keys that are not flat generated names', async () => {
      const docs = storage.area('documents');
      for (const key of ['../x', 'a/b', '', '.hidden', 'a..b']) {
        await expect(docs.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
        await expect(docs.write(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}
