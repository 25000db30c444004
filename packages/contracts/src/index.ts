export * from './access.js';
export * from './auth.js';
export * from './constants.js';
export * from './features.js';
export * from './problem.js';
export * from './roles.js';
export * from './route-table.js';
export * from './tenant.js';
