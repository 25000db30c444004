import { z } from 'zod';
import { defineSettings } from '../../settings.js';

declare module '../../settings.js' {
  interface ModuleConfig {
    /** Tiles of the clients map; null: none configured. */
    map: { tileUrl: string | null; tileAttribution: string | null; tileOrigin: string | null };
  }
}

/**
 * The CSP source of a tile URL template: its origin, with a {s} subdomain as a wildcard label; null
 * when it is not an http(s) template with {z}, {x} and {y}.
 */
export function tileOriginOf(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  let url: URL;
  try {
    url = new URL(template.replaceAll('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.origin.replace('tile-subdomain', '*');
}

export default defineSettings({
  env: {
    /**
     * Map tiles of the clients map, as a Leaflet URL template (https://tiles.example/{z}/{x}/{y}.png, {s}
     * for a subdomain); unset draws the map with no tiles. The web app's img-src allows this host only.
     */
    MAP_TILE_URL: z.string().refine(tileOriginOf, 'must be an http(s) URL template with {z}, {x} and {y}').optional(),
    /** Attribution shown on the map for those tiles (plain text). */
    MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  },
  read: (e) => ({
    map: {
      tileUrl: e.MAP_TILE_URL ?? null,
      tileAttribution: e.MAP_TILE_ATTRIBUTION ?? null,
      tileOrigin: e.MAP_TILE_URL ? tileOriginOf(e.MAP_TILE_URL) : null,
    },
  }),
  pageSources: ({ map }) => ({ img: map.tileOrigin ? [map.tileOrigin] : [] }),
});
