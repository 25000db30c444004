import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './image-limits.js';

/**
 * Narrower copies of a PNG or JPEG for responsive serving, one per width, in the image's own format.
 * A copy is made only for a width below the image's own (null otherwise): the original serves larger
 * screens. SVG scales by itself and ICO is for icons, so neither gets copies. The image has already
 * passed the pixel limits (image-limits.ts); sharp is held to the same limit in case it reads more.
 */
export async function resizedCopies(
  data: Buffer,
  ext: 'png' | 'jpg' | 'svg' | 'ico',
  widths: readonly number[],
): Promise<(Buffer | null)[]> {
  if (ext !== 'png' && ext !== 'jpg') return widths.map(() => null);
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  const { width } = await sharp(data, options).metadata();
  return Promise.all(
    widths.map(async (w) => {
      if (!width || width <= w) return null;
      const resized = sharp(data, options).rotate().resize({ width: w, withoutEnlargement: true });
      return (
        ext === 'png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 82, mozjpeg: true })
      ).toBuffer();
    }),
  );
}
