import { assertRasterWithinLimits, assertSvgWithinLimits } from './image-limits.js';
import { ImageRejected } from './image-rejected.js';
import { sanitizeSvgOffThread } from './svg-thread.js';

/** The image types a logo may have, recognised by content, never by the name or type the client claims. */
export type ImageKind = { ext: 'png' | 'jpg' | 'svg' | 'ico'; contentType: string };

export const CONTENT_TYPES: Record<ImageKind['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** A raster image as sent, once its size is known to be safe to decode. */
async function raster(ext: 'png' | 'jpg' | 'ico', data: Buffer): Promise<ImageKind & { data: Buffer }> {
  await assertRasterWithinLimits(ext, data);
  return { ext, contentType: CONTENT_TYPES[ext], data };
}

/**
 * Recognises a PNG, JPEG, ICO or SVG; throws ImageRejected for anything else, for an image too costly
 * to decode or parse, or for a PNG or JPEG whose header cannot be read (image-limits.ts). `data` is what to store: the bytes as sent, except for
 * an SVG, which is stored as cleaned by sanitizeSvg, on a thread of its own.
 */
export async function detectImage(data: Buffer): Promise<ImageKind & { data: Buffer }> {
  if (data.length < 4) throw new ImageRejected('The file is empty or too small to be an image');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return raster('png', data);
  if (startsWith(data, [0xff, 0xd8, 0xff])) return raster('jpg', data);
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00]) && data.length >= 6 && data.readUInt16LE(4) > 0) {
    return raster('ico', data);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  // The root element must be <svg>, after an optional XML declaration and comments.
  const declaration = /^\uFEFF?\s*<\?xml[^>]*\?>/.exec(text)?.[0] ?? '';
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  if (!/^<svg[\s>]/i.test(head) || !/<\/svg\s*>\s*$/i.test(text)) {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  // A browser reads the bytes in the declared encoding; only UTF-8 reads as it was checked here.
  const encoding = /\bencoding\s*=\s*["']([^"']*)["']/i.exec(declaration)?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) {
    throw new ImageRejected('An SVG must be encoded as UTF-8');
  }
  assertSvgWithinLimits(text);
  return { ext: 'svg', contentType: CONTENT_TYPES.svg, data: Buffer.from(await sanitizeSvgOffThread(text), 'utf8') };
}
