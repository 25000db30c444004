import { config } from 'zod/v4/core';

/**
 * The web build's `zod` (vite.config.ts aliases the bare import here). Zod compiles object parsers
 * with `new Function` unless told not to, and probes for it even then: under the app's CSP (no
 * 'unsafe-eval') that probe is a reported violation. Jitless parsing is plenty fast for forms.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
