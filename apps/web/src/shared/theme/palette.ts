/** #rgb or #rrggbb: the same rule as the contracts' HEX_COLOUR (a test keeps them equal), kept here so
 * the theme does not pull the tenant schemas, and zod with them, into the first bundle. */
export const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A Mantine colour tuple: ten shades from lightest (0) to darkest (9). */
export type Palette = [string, string, string, string, string, string, string, string, string, string];

/** The shade that carries the tenant's exact colour; the theme uses it as primaryShade. */
export const BASE_SHADE = 6;

type Rgb = [number, number, number];
type Lab = [number, number, number];

export function normalizeHex(hex: string): string {
  if (!HEX.test(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(normalizeHex(hex).slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

// OKLab (Björn Ottosson): perceptually even lightness, so the shades step evenly.
function rgbToOklab([r, g, b]: Rgb): Lab {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToLinear([L, a, b]: Lab): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4);

/** The colour at lightness L, chroma C and hue h, with chroma reduced until it fits in sRGB. */
function fromLch(L: number, C: number, h: number): string {
  let lo = 0;
  let hi = C;
  const at = (c: number) => oklabToLinear([L, c * Math.cos(h), c * Math.sin(h)]);
  if (!inGamut(at(hi))) {
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(at(mid))) lo = mid;
      else hi = mid;
    }
    hi = lo;
  }
  return rgbToHex(at(hi).map(toGamma) as Rgb);
}

const LIGHTER = [1, 0.9, 0.76, 0.6, 0.42, 0.21] as const;
const LIGHTER_CHROMA = [0.1, 0.22, 0.42, 0.62, 0.8, 0.92] as const;
const DARKER = [0.13, 0.26, 0.4] as const;
const DARKER_CHROMA = [0.95, 0.88, 0.8] as const;

/** OKLab lightness of a colour, 0 (black) to 1 (white). */
export function lightness(hex: string): number {
  return rgbToOklab(hexToRgb(hex))[0];
}

/**
 * Ten shades around one brand colour, the colour itself at BASE_SHADE: lighter tints fade in chroma,
 * darker shades keep most of it. Lightness falls monotonically from shade 0 to shade 9.
 */
export function generatePalette(hex: string): Palette {
  const base = normalizeHex(hex);
  const [L, a, b] = rgbToOklab(hexToRgb(base));
  const C = Math.hypot(a, b);
  const h = Math.atan2(b, a);
  const top = Math.max(0.975, L);
  const bottom = Math.min(0.22, L * 0.7);
  const lighter = LIGHTER.map((t, i) => fromLch(L + (top - L) * t, C * (LIGHTER_CHROMA[i] ?? 1), h));
  const darker = DARKER.map((t, i) => fromLch(L - (L - bottom) * t, C * (DARKER_CHROMA[i] ?? 1), h));
  return [...lighter, base, ...darker] as Palette;
}

/** WCAG relative luminance, to choose readable text on a tenant colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.1 AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/**
 * The first shade, walking from `from` by `step`, that reads as text on `background` (AA), or null when
 * none does (a very light tenant colour's darkest shade can still be too light on white).
 */
export function readableShade(palette: Palette, background: string, from: number, step: 1 | -1): string | null {
  for (let i = from; i >= 0 && i < palette.length; i += step) {
    if (contrastRatio(palette[i] as string, background) >= TEXT_CONTRAST) return palette[i] as string;
  }
  return null;
}

/**
 * The luminance at which black and white text read equally well ((L + 0.05)² = 1.05 × 0.05). With it as
 * Mantine's luminanceThreshold, autoContrast picks whichever reads better: at least 4.58:1 on any colour.
 */
export const EQUAL_CONTRAST_LUMINANCE = 0.179;

/** `text`, or the same colour darkened in small steps towards black until it reads on `background` (AA). */
export function darkenUntilReadable(text: string, background: string): string {
  const rgb = hexToRgb(text);
  let hex = normalizeHex(text);
  for (let keep = 0.95; contrastRatio(hex, background) < TEXT_CONTRAST && keep > 0; keep -= 0.05) {
    hex = rgbToHex(rgb.map((c) => c * keep) as Rgb);
  }
  return hex;
}
