export * from './mail.js';
export * from './notifications.js';
export * from './passwords.js';
export * from './sessions.js';
export * from './tenants.js';
export * from './users.js';
