// The users module's limits, sorts and import steps, without zod: the users list needs these, not the schemas
// (issue 48).

export const USER_LIMITS = {
  nameMax: 100,
  /** Largest import file, in bytes. */
  importMaxBytes: 5 * 1024 * 1024,
  /** Most rows one import may carry. */
  importMaxRows: 5000,
  /** Most users one batch action (delete many, assign groups) may name. */
  batchMax: 1000,
} as const;

export const USER_SORTS = ['name', 'surname', 'email', 'createdAt'] as const;

/** GET /users/dataselect answers a page of matches, never every user: the picker searches as one types. */
export const USER_SELECT = {
  /** Matches answered when `take` is not given. */
  takeDefault: 50,
  takeMax: 100,
  /** Most ids one call may label; a client with more asks in batches (they travel in the URL). */
  idsMax: 100,
} as const;

/** Columns of an import file (header names, case-insensitive); the export has all but password. */
export const IMPORT_COLUMNS = [
  'name',
  'surname',
  'email',
  'role',
  'groups',
  'language',
  'title',
  'phone',
  'team',
  'department',
  'password',
] as const;

/** The roles an import row may carry (the spec's filter values): tenant users and tenant admins. */
export const IMPORT_ROLES = { user: 'User', admin: 'TenantAdmin' } as const;

/**
 * The steps of an import confirm, in order: the password rule for every row, hashing the passwords,
 * writing the users (one transaction), then done (or failed: nothing was written).
 */
export const IMPORT_STEPS = ['checking', 'hashing', 'writing'] as const;

/** Viewing as another user ends by itself after this long; refreshing never extends it. */
export const IMPERSONATION = { sessionMinutes: 15 } as const;
