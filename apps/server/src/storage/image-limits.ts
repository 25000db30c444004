import sharp from 'sharp';
import { ImageRejected } from './image-rejected.js';

/**
 * The largest image side accepted, in pixels. Logos and avatars show at a few hundred pixels; a
 * 1 MiB PNG of highly compressible pixels can claim 50,000 x 50,000 (a decompression bomb every
 * browser that shows it must decode).
 */
export const MAX_IMAGE_SIDE = 8192;
/** The most pixels accepted (a 12-megapixel phone photo fits). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * How sharp opens an uploaded raster, wherever it does: past MAX_IMAGE_PIXELS it refuses the image
 * from its header, before decoding anything (its `limitInputPixels`).
 */
export const SHARP_INPUT = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/** What an SVG may hold before it is parsed at all: parsing and cleaning cost grows with each. */
export const SVG_LIMITS = { elements: 5_000, depth: 64, attributesPerElement: 200 } as const;

const tooLarge = () =>
  new ImageRejected(`The image is too large: at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS} pixels`);

function assertSides(width: number, height: number) {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw tooLarge();
}

/**
 * A PNG or JPEG whose header sharp reads, within the pixel limit (sharp's) and the side limit (ours).
 * A file whose header sharp cannot read is refused: what is stored is what could be checked.
 */
async function assertReadableWithinLimits(data: Buffer) {
  let size: { width: number; height: number };
  try {
    size = await sharp(data, SHARP_INPUT).metadata();
  } catch (err) {
    // sharp has no error codes; a change to this message leaves the image refused all the same.
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge();
    throw new ImageRejected('The image could not be read');
  }
  assertSides(size.width, size.height);
}

/**
 * Every image of an ICO (which sharp does not read): a PNG inside goes through sharp; a bitmap's
 * header may claim any size, so it is read here.
 */
async function assertIcoWithinLimits(data: Buffer) {
  const count = data.readUInt16LE(4);
  for (let n = 0; n < count && 6 + 16 * (n + 1) <= data.length; n++) {
    const length = data.readUInt32LE(6 + 16 * n + 8);
    const offset = data.readUInt32LE(6 + 16 * n + 12);
    if (offset + 24 > data.length) continue;
    if (data.readUInt32BE(offset) === 0x89504e47) {
      await assertReadableWithinLimits(data.subarray(offset, offset + length));
    } else if (data.readUInt32LE(offset) === 40) {
      // BITMAPINFOHEADER: the height counts the AND mask too, hence half.
      const [width, height] = [Math.abs(data.readInt32LE(offset + 4)), Math.abs(data.readInt32LE(offset + 8)) / 2];
      assertSides(width, height);
      if (width * height > MAX_IMAGE_PIXELS) throw tooLarge();
    }
  }
}

/** Refuses a raster image whose pixels would be too many to decode, or that cannot be read at all. */
export function assertRasterWithinLimits(ext: 'png' | 'jpg' | 'ico', data: Buffer): Promise<void> {
  return ext === 'ico' ? assertIcoWithinLimits(data) : assertReadableWithinLimits(data);
}

/** CSS pixels per unit of an SVG length. */
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

function assertSvgLength(tag: string, name: 'width' | 'height') {
  const value = new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`).exec(tag)?.[1]?.slice(1, -1);
  const length = value && /^\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(value);
  if (length && Number(length[1]) * UNIT_PX[(length[2] ?? '').toLowerCase()]! > MAX_IMAGE_SIDE) throw tooLarge();
}

/** Text inside a start tag up to the next character that matters: a quote, '=' or the tag's end. */
const TAG_RUN = /[^"'=>]*/y;

const malformed = () => new ImageRejected('The SVG is not well-formed XML');

function endOf(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  if (at < 0) throw malformed();
  return at + marker.length;
}

/**
 * Counts an SVG's elements, nesting and attributes in one linear pass, before any parser sees it, and
 * refuses past SVG_LIMITS (a huge number of elements, deep nesting) or a root drawn absurdly large.
 * A DOCTYPE (entities) is refused here too. It only counts: the parser still judges well-formedness.
 */
export function assertSvgWithinLimits(text: string) {
  let elements = 0;
  let depth = 0;
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return;
    if (text.startsWith('<!--', lt)) i = endOf(text, '-->', lt + 4);
    else if (text.startsWith('<![CDATA[', lt)) i = endOf(text, ']]>', lt + 9);
    else if (text.startsWith('<?', lt)) i = endOf(text, '?>', lt + 2);
    else if (text.startsWith('<!', lt))
      throw new ImageRejected('The SVG contains a DOCTYPE or entity, which is not allowed');
    else if (text[lt + 1] === '/') {
      depth--;
      i = endOf(text, '>', lt + 2);
    } else {
      if (++elements > SVG_LIMITS.elements) {
        throw new ImageRejected(`The SVG has more than ${SVG_LIMITS.elements} elements`);
      }
      // The start tag runs to the first '>' outside a quoted attribute value.
      let j = lt + 1;
      let attributes = 0;
      for (;;) {
        TAG_RUN.lastIndex = j;
        TAG_RUN.exec(text);
        j = TAG_RUN.lastIndex;
        const c = text[j];
        if (c === undefined) throw malformed();
        if (c === '>') break;
        if (c === '=') {
          attributes++;
          j++;
        } else j = endOf(text, c, j + 1);
      }
      if (attributes > SVG_LIMITS.attributesPerElement) {
        throw new ImageRejected(`An SVG element has more than ${SVG_LIMITS.attributesPerElement} attributes`);
      }
      if (elements === 1) {
        const tag = text.slice(lt, j);
        assertSvgLength(tag, 'width');
        assertSvgLength(tag, 'height');
      }
      if (text[j - 1] !== '/' && ++depth > SVG_LIMITS.depth) {
        throw new ImageRejected(`The SVG nests deeper than ${SVG_LIMITS.depth} elements`);
      }
      i = j + 1;
    }
  }
}
