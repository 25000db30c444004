/** The image types a logo may have, recognised by content, never by the name or type the client claims. */
export type ImageKind = { ext: 'png' | 'jpg' | 'svg' | 'ico'; contentType: string };

export const CONTENT_TYPES: Record<ImageKind['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/**
 * Anything in an SVG that could run script or pull in something from elsewhere. SVG is served
 * sandboxed as well, but such a file is refused outright rather than cleaned.
 */
const SVG_DANGERS: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'a DOCTYPE or entity'],
  [/<\s*script/i, 'a script'],
  [/\son[a-z]+\s*=/i, 'an event handler'],
  [/javascript\s*:/i, 'a javascript: link'],
  [/<\s*(foreignObject|iframe|embed|object|audio|video|handler|listener)\b/i, 'embedded content'],
  [/\b(?:xlink:)?href\s*=\s*["']?\s*(?!#)/i, 'a link to another resource'],
  [/url\(\s*["']?\s*(?!#)/i, 'a reference to another resource'],
  [/@import/i, 'a style import'],
];

export class ImageRejected extends Error {}

/** Recognises a PNG, JPEG, ICO or safe SVG; throws ImageRejected for anything else. */
export function detectImage(data: Buffer): ImageKind {
  if (data.length < 4) throw new ImageRejected('The file is empty or too small to be an image');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: CONTENT_TYPES.png };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: CONTENT_TYPES.jpg };
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00]) && data.length >= 6 && data.readUInt16LE(4) > 0) {
    return { ext: 'ico', contentType: CONTENT_TYPES.ico };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  // The root element must be <svg>, after an optional XML declaration and comments.
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  if (!/^<svg[\s>]/i.test(head) || !/<\/svg\s*>\s*$/i.test(text)) {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  for (const [pattern, what] of SVG_DANGERS) {
    if (pattern.test(text)) throw new ImageRejected(`The SVG contains ${what}, which is not allowed`);
  }
  return { ext: 'svg', contentType: CONTENT_TYPES.svg };
}
