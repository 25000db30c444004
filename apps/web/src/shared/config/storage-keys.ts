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
} as const;
