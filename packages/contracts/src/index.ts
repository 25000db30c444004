// The package's infrastructure; each module's schemas come with the manifest (modules.ts).
export * from './access.js';
export * from './constants.js';
export * from './features.js';
export * from './links.js';
export * from './module-manifest.js';
export * from './modules.js';
export * from './plain-text.js';
export * from './problem.js';
export * from './roles.js';
