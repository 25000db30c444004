/** Keys the web app keeps in localStorage (spec part 1 §3, part 2 §3). */
export const STORAGE_KEYS = {
  activeTenantId: 'activeTenantId',
  isImpersonatingMode: 'isImpersonatingMode',
  firebaseToken: 'firebaseToken',
  swCacheCleaned: 'isServiceWorkerCacheCleaned',
  refreshed: 'refreshed',
  isSuperadmin: 'isSuperadmin',
  userExists: 'userExists',
  uiState: 'uiState',
  /** The last signed-in user (never a token), for a reload with no network (shared/api/session.ts). */
  lastUser: 'lastSignedInUser',
} as const;
