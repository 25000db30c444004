#!/usr/bin/env node
// Draws the app's icons once from the logo (apps/web/public/favicon.svg) with sharp; the PNGs are
// committed, so builds need neither this script nor sharp. Run it again after changing the logo:
//   node scripts/generate-pwa-icons.mjs
// Sizes: 192 and 512 (the manifest's "any" icons), a maskable 512 (the logo inside the 80 % safe zone on
// a full-bleed background, for Android's shaped icons), 180 (iOS home screen) and 32 and 16 (favicons
// for browsers without SVG favicons).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// sharp is a dependency of the server package.
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp');
const logo = readFileSync(join(root, 'apps/web/public/favicon.svg'));
const out = join(root, 'apps/web/public/icons');
/** The logo's background (Mantine's indigo 7, the theme's default primary). */
const BRAND = '#3b5bdb';

async function square(size, file) {
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
}

async function maskable(size, file) {
  // The logo's own rounded square, scaled to 70 % (inside the 80 % safe zone), on a full square.
  const inner = Math.round(size * 0.7);
  const glyph = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: glyph, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
}

async function apple(size, file) {
  // iOS rounds the corners itself and shows transparency as black: a full square, no transparency.
  const inner = Math.round(size * 0.86);
  const glyph = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 3, background: BRAND } })
    .composite([{ input: glyph, gravity: 'center' }])
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
}

await square(192, 'icon-192.png');
await square(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
await apple(180, 'apple-touch-icon-180.png');
await square(32, 'favicon-32.png');
await square(16, 'favicon-16.png');
console.log(`Icons written to ${out}`);
