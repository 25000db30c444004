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

/**
 * Client methods the server invokes on the hub that belong to no module, named exactly as the spec names
 * them (part 1 §4). A module's own events (ReloadNotifications, ...) are in its manifest entry's
 * `events`; HUB_EVENTS (modules.ts) is both.
 */
export const PLATFORM_HUB_EVENTS = {
  TenantChanged: 'TenantChanged',
  ImpersonateStarted: 'ImpersonateStarted',
  ImpersonateStoped: 'ImpersonateStoped',
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
  /**
   * Lowest zxcvbn-ts strength score (0-4) a new password may have: 3 means about 10^10 guesses or more,
   * out of reach of online guessing and costly offline against argon2 (ASVS 6.2.x asks for a strength check).
   */
  passwordMinScore: 3,
  passwordSuggested: 12,
  passwordMax: 128,
} as const;

/** The product's name, wherever the product names itself (UI, mails, exported files). */
export const PRODUCT_NAME = 'Atrium';

/** Default language of the product (the UI's, and a new user's). */
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'da'] as const;
/** The product's language `language` is, else the default one (mails and exports pick their words so). */
export const productLanguage = (language: string | null | undefined): (typeof LANGUAGES)[number] =>
  LANGUAGES.find((l) => l === language) ?? DEFAULT_LANGUAGE;

/** The earliest calendar date a date field takes (PostgreSQL has no year 0; nothing here is older). */
export const EARLIEST_DATE = '1900-01-01';
/**
 * The latest calendar date a date field takes: the last Sunday whose whole week (Monday to Sunday) can
 * still be written, so a week grid can show every date a call accepts (9999-12-27 falls in a week
 * that ends in the year 10000). EARLIEST_DATE is a Monday, so the first week is whole too.
 */
export const LATEST_DATE = '9999-12-26';

/**
 * The field error (on `file`) of an upload past the caller's hourly volume; the 429 answer carries
 * Retry-After. Here, with no zod around it, so that the web app's shared problem messages (on the
 * sign-in page's path) can name it without loading zod.
 */
export const UPLOAD_VOLUME_EXCEEDED = 'uploadVolumeExceeded';
