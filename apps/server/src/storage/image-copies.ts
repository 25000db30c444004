import sharp from 'sharp';
import { SHARP_INPUT } from './image-limits.js';

/**
 * Narrower copies of a PNG or JPEG for responsive serving, one per width, in the image's own format.
 * A copy is made only for a width below the image's own (null otherwise): the original serves larger
 * screens. SVG scales by itself and ICO is for icons, so neither gets copies. The image has already
 * passed the pixel limits (image-limits.ts), and sharp opens it with the same limit.
 */
export async function resizedCopies(
  data: Buffer,
  ext: 'png' | 'jpg' | 'svg' | 'ico',
  widths: readonly number[],
): Promise<(Buffer | null)[]> {
  if (ext !== 'png' && ext !== 'jpg') return widths.map(() => null);
  const { width } = await sharp(data, SHARP_INPUT).metadata();
  return Promise.all(
    widths.map(async (w) => {
      if (!width || width <= w) return null;
      const resized = sharp(data, SHARP_INPUT).rotate().resize({ width: w, withoutEnlargement: true });
      return (
        ext === 'png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 82, mozjpeg: true })
      ).toBuffer();
    }),
  );
}
