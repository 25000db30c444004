export * from './sessions.js';
export * from './tenants.js';
export * from './users.js';
