import { z } from 'zod';

/**
 * What the modules' settings add to the checked configuration. Each module's `<module>.config.ts`
 * adds its part by declaration merging, next to its slice:
 *
 *   declare module '../../settings.js' { interface ModuleConfig { documentMaxBytes: number } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declaration merging
export interface ModuleConfig {}

/** The platform's settings a module's slice may build on (config.ts computes them first). */
export type PlatformBasics = {
  env: 'development' | 'production' | 'test';
  dataDir: string;
  publicUrl: string;
  seedDemo: boolean;
};

/** Records a problem that the environment's values have together; every one is listed at start-up. */
export type ReportProblem = (variable: string, message: string) => void;

/**
 * A part of the configuration: the environment variables it reads (a zod shape, checked with every
 * other slice's in one pass, so start-up lists every problem at once) and what it makes of them.
 */
export type SettingsSlice<Shape extends z.ZodRawShape = z.ZodRawShape, Out extends object = object> = {
  env: Shape;
  /**
   * Builds the slice's part of the configuration from its checked variables. `all` holds every slice's
   * checked variables, for the rare setting whose default is another slice's (VAPID_SUBJECT, MAIL_FROM).
   */
  read: (
    env: z.output<z.ZodObject<Shape>>,
    platform: PlatformBasics,
    report: ReportProblem,
    all: Readonly<Record<string, unknown>>,
  ) => Out;
  /** Hosts beyond Atrium's own that the web app's page may load from because of this slice's settings (its CSP). */
  pageSources?: (config: Out) => Partial<PageSources>;
};

/** Where the web app's page may load images and frames from besides itself (http/security-headers.ts). */
export type PageSources = { img: string[]; frame: string[] };

/** A module's settings, the default export of its `<module>.config.ts` (config.ts finds it by that name). */
export const defineSettings = <const Shape extends z.ZodRawShape, Out extends Partial<ModuleConfig>>(
  slice: SettingsSlice<Shape, Out>,
) => slice;

/** A boolean variable: true/false or 1/0. */
export const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** A comma-separated list, trimmed, without empty items. */
export const commaList = (lower = false) =>
  z.string().transform((list) =>
    list
      .split(',')
      .map((item) => (lower ? item.trim().toLowerCase() : item.trim()))
      .filter(Boolean),
  );
