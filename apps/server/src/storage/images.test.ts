import { performance } from 'node:perf_hooks';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, SVG_LIMITS } from './image-limits.js';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">';

/** A PNG chunk, with its CRC. */
function chunk(type: string, data: Buffer) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A well-formed PNG whose header claims width x height; the pixel data would be a few bytes of zlib. */
function pngOf(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 8 x 8 JPEG whose frame header then claims width x height. */
async function jpegOf(width: number, height: number) {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .jpeg()
    .toBuffer();
  for (let i = 2; i + 9 <= jpeg.length; i += 2 + jpeg.readUInt16BE(i + 2)) {
    if (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header');
}

/** An ICO holding one PNG image. */
function icoWith(png: Buffer) {
  const dir = Buffer.alloc(22);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(1, 4);
  dir.writeUInt32LE(png.length, 6 + 8);
  dir.writeUInt32LE(22, 6 + 12);
  return Buffer.concat([dir, png]);
}

let ctx: TestContext;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ auth } = await ctx.actor(['User']));
});
afterAll(() => ctx.close());

const upload = (data: Buffer | string) => {
  const form = multipart(Buffer.from(data), 'logo');
  return ctx.app.inject({
    method: 'POST',
    url: '/core/api/me/avatar',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
};

/**
 * Answers how long each /health request took while `work` ran: requests go one after another, so
 * any time the event loop is held up shows as one slow health answer.
 */
async function healthLatenciesDuring<T>(work: PromiseLike<T>): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  // inject() answers a thenable that starts the request when awaited: a real promise starts it now.
  const finished = Promise.resolve(work).finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await ctx.app.inject({ url: '/core/api/health' });
    latencies.push(performance.now() - started);
    expect(res.statusCode).toBe(200);
    // An injected request may complete without leaving the microtask queue: let I/O have its turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { result: await finished, latencies };
}

/**
 * How much longer than usual /health answers while `work` runs, in ms: the slowest answer during the
 * work minus the slowest in a quiet stretch just as long right after it. On a shared 2-core machine an
 * answer can wait for a core whatever the app does; that wait shows in both and cancels out, while an
 * event loop held by the work shows only in the first.
 */
async function extraHealthDelay<T>(work: PromiseLike<T>): Promise<{ result: T; extraMs: number; answers: number }> {
  const started = performance.now();
  const during = await healthLatenciesDuring(work);
  const quiet = await healthLatenciesDuring(new Promise((resolve) => setTimeout(resolve, performance.now() - started)));
  return {
    result: during.result,
    extraMs: Math.max(0, ...during.latencies) - Math.max(0, ...quiet.latencies),
    answers: during.latencies.length,
  };
}

describe('expensive images', () => {
  it('refuses rasters whose pixels would be too many to decode, and keeps ordinary ones', async () => {
    const huge = MAX_IMAGE_SIDE * 6;
    for (const data of [
      pngOf(huge, huge),
      pngOf(MAX_IMAGE_SIDE + 1, 1),
      await jpegOf(huge, 20_000),
      // Both sides within MAX_IMAGE_SIDE, too many pixels all the same (sharp's limitInputPixels).
      await jpegOf(MAX_IMAGE_SIDE, Math.ceil(MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE) + 1),
      icoWith(pngOf(huge, 16)),
    ]) {
      const res = await upload(data);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/too large/);
    }
    for (const data of [pngOf(512, 512), await jpegOf(4032, 3024), icoWith(pngOf(32, 32))]) {
      expect((await upload(data)).statusCode).toBe(201);
    }
  });

  it('refuses a PNG or JPEG whose header cannot be read', async () => {
    const png = Buffer.concat([pngOf(1, 1).subarray(0, 8), Buffer.alloc(64, 7)]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    for (const data of [png, jpeg, icoWith(png)]) {
      const res = await upload(data);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/could not be read/);
    }
  });

  it('reads the size of a PNG whose header checksum is wrong, as a lenient browser would', async () => {
    const png = pngOf(MAX_IMAGE_SIDE * 6, MAX_IMAGE_SIDE * 6);
    png.writeUInt32BE(0, 29); // the IHDR's CRC
    const res = await upload(png);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/too large/);
  });

  const bombs: [string, string][] = [
    ['too many elements', `${SVG_OPEN}${'<g/>'.repeat(200_000)}</svg>`],
    ['deep nesting', `${SVG_OPEN}${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`],
    [
      'too many attributes',
      `${SVG_OPEN}<rect ${Array.from({ length: 5000 }, (_, i) => `a${i}="1"`).join(' ')}/></svg>`,
    ],
    ['a huge drawing size', '<svg xmlns="http://www.w3.org/2000/svg" width="1e7" height="10"><rect/></svg>'],
    ['a huge size in other units', '<svg xmlns="http://www.w3.org/2000/svg" width="5000cm" height="10"/>'],
    [
      'entity expansion',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "${'x'.repeat(100)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`,
    ],
    ['an unterminated tag', `${SVG_OPEN}<rect x="${'1'.repeat(500_000)}</svg>`],
  ];

  for (const [name, svg] of bombs) {
    it(`refuses an SVG with ${name} quickly, without holding up other requests`, async () => {
      const started = performance.now();
      const { result, extraMs } = await extraHealthDelay(upload(svg));
      expect(result.statusCode).toBe(400);
      expect(result.headers['content-type']).toContain('application/problem+json');
      expect(performance.now() - started).toBeLessThan(2000);
      expect(extraMs).toBeLessThan(100);
    });
  }

  it('cleans a large SVG within the limits off the event loop: other requests are not held up', async () => {
    const shapes = Array.from(
      { length: SVG_LIMITS.elements - 10 },
      (_, i) =>
        `<rect x="${i % 100}" y="${i % 97}" width="3" height="4" fill="#${(i % 4096).toString(16).padStart(3, '0')}"/>`,
    ).join('');
    const svg = `${SVG_OPEN}<g>${shapes}</g></svg>`;
    expect(svg.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const { result, extraMs, answers } = await extraHealthDelay(upload(svg));
    const workMs = performance.now() - started;
    expect(result.statusCode).toBe(201);
    // The cleaning took a while, during which health kept answering. Cleaning on the event loop would
    // hold one answer for most of the work; on a loaded machine any stretch has slow answers, so the
    // bound grows with the work (100 ms on a quiet machine, where the whole takes about a second).
    expect(answers).toBeGreaterThan(5);
    expect(extraMs).toBeLessThan(Math.max(100, workMs / 10));
  });
});
