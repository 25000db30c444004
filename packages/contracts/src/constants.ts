/** Widths in px at which layouts change (spec part 1 §9, part 2 §9). */
export const BREAKPOINTS = { mobile: 768, signinPanel: 1200, rowActions: 575, headerAdd: 1050, table: 1200 } as const;

/** Header height in px on mobile and desktop, and the scroll distance after which it is "active". */
export const HEADER = { mobileHeight: 64, desktopHeight: 45, activeAfterScroll: 15 } as const;

/** Duration of UI animations in ms. */
export const ANIMATION_MS = 200;

/** Lifetime of a toast in ms. */
export const TOAST_MS = 3000;

/** Real-time hub settings shared by server and client (spec part 1 §9). */
export const HUB = {
  path: '/core/tenantHub',
  serverTimeoutMs: 30_000,
  keepAliveMs: 15_000,
  reconnectDelaysMs: [0, 2000, 10_000, 30_000],
  startDelayMs: 3000,
  messageBufferBytes: 100_000,
  httpTimeoutMs: 100_000,
} as const;

/** Client methods the server invokes on the hub, named exactly as the spec names them (part 1 §4). */
export const HUB_EVENTS = {
  TenantChanged: 'TenantChanged',
  ImpersonateStarted: 'ImpersonateStarted',
  ImpersonateStoped: 'ImpersonateStoped',
  ReloadNotifications: 'ReloadNotifications',
  ReloadMessages: 'ReloadMessages',
  ReloadGroupMessages: 'ReloadGroupMessages',
  LogOut: 'LogOut',
} as const;

/** Sign-in and session limits. */
export const AUTH = {
  /** Access tokens live this long; the web app refreshes a minute before. */
  accessTokenSeconds: 15 * 60,
  /** A remember-me refresh cookie lives this long. */
  rememberMeDays: 30,
  /** A browser-session refresh token still expires server-side after this long. */
  sessionHours: 12,
  /** Failed logins allowed per account or per address in the window below. */
  maxFailedLogins: 10,
  failedLoginWindowMinutes: 15,
  /** Shortest password accepted (ASVS 6.2.1); the forms suggest passwordSuggested. */
  passwordMin: 8,
  passwordSuggested: 12,
  passwordMax: 128,
} as const;

/** The user list renders this many rows at a time; names are cut at this length. */
export const USER_LIST = { batch: 50, nameMaxLength: 15 } as const;

/** Default language and locale of the product. */
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_LOCALE = 'en-gb';
export const LANGUAGES = ['en', 'da'] as const;

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

export const PRODUCT_NAME = 'Atrium';
