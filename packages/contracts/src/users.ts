import { z } from 'zod';
import { emailSchema, passwordEmailProblem, passwordSchema } from './auth.js';
import { AUTH, LANGUAGES } from './constants.js';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema } from './problem.js';
import { ROLE_FILTERS, ROLES } from './roles.js';
import { IMPORT_STEPS, USER_LIMITS, USER_SELECT, USER_SORTS } from './users-constants.js';

export * from './users-constants.js';

const name = plainText({ error: 'required' }).trim().min(1, 'required').max(USER_LIMITS.nameMax, 'tooLong');

/** Who a person is in a tenant (issue 45): job title and phone, shown to others (decision 034). */
export const PERSON_LIMITS = { titleMax: 100, phoneMax: 30 } as const;
/** A phone number as people write it: digits with spaces, + ( ) . / - between them; or nothing. */
export const PHONE_PATTERN = /^(?:[0-9 ()./+-]*[0-9][0-9 ()./+-]*)?$/;
export const jobTitleSchema = plainText({ error: 'invalid' }).trim().max(PERSON_LIMITS.titleMax, 'tooLong');
export const phoneSchema = plainText({ error: 'invalid' })
  .trim()
  .max(PERSON_LIMITS.phoneMax, 'tooLong')
  .regex(PHONE_PATTERN, 'invalidPhone');

/** Each value once, in the order first given: naming an id twice means the same as naming it once. */
const unique = <T>(items: T[]) => [...new Set(items)];

/** POST /users and PUT /users/{id}. */
export const userBodySchema = z
  .object({
    name,
    surname: plainText().trim().max(USER_LIMITS.nameMax, 'tooLong').default(''),
    email: emailSchema,
    password: passwordSchema.optional(),
    language: z.enum(LANGUAGES, { error: 'unknownLanguage' }).optional(),
    roles: z
      .array(z.enum(ROLES, { error: 'unknownRole' }), { error: 'selectAtLeastOneRole' })
      .min(1, 'selectAtLeastOneRole')
      .max(ROLES.length)
      .transform(unique),
    tenantIds: z.array(z.uuid()).max(1000).transform(unique).default([]),
    groupIds: z.array(z.uuid()).max(1000).transform(unique).default([]),
    // The person in the active tenant (its membership); a field left out stays as it is.
    title: jobTitleSchema.optional(),
    phone: phoneSchema.optional(),
    /** One of the active tenant's teams, or null for none. */
    teamId: z.uuid({ error: 'invalidId' }).nullable().optional(),
    /** One of the active tenant's departments, or null for none. */
    departmentId: z.uuid({ error: 'invalidId' }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const problem = body.password && passwordEmailProblem(body.password, body.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type UserBodyInput = z.input<typeof userBodySchema>;
export type UserBody = z.output<typeof userBodySchema>;

/** One row of GET /users (spec part 1 §3). */
export const userListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  imagePath: z.string().nullable(),
  rolesNames: z.array(z.enum(ROLES)),
  groupsNames: z.array(z.string()),
  deletedAt: z.date().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /users/{id}: the list fields plus what the user form edits. */
export const userSchema = userListItemSchema.extend({
  language: z.string(),
  tenantIds: z.array(z.uuid()),
  groupIds: z.array(z.uuid()),
  createdAt: z.date(),
  /**
   * The account is also in a tenant the caller does not administer: only a super administrator may
   * change its name, email or password (always false for a super administrator).
   */
  sharedWithOtherTenants: z.boolean(),
  /** The person in the caller's active tenant: '' and null when they are not in it (or there is none). */
  title: z.string(),
  phone: z.string(),
  teamId: z.uuid().nullable(),
  departmentId: z.uuid().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users/teams: the active tenant's teams and departments, for the user form's selects. */
export const teamOptionsSchema = z.object({
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  departments: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TeamOptions = z.infer<typeof teamOptionsSchema>;

/** A query value that may come as one comma-separated string or as a repeated parameter. */
const listParam = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess(
    (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter(Boolean)),
    // The default marks the parameter optional in the document (the preprocess already gives [] for none).
    z.array(item).max(max, 'tooMany').default([]),
  );

export const userListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(USER_SORTS).default('name'),
  /** The spec's role filter values: user, admin, super, partner. */
  roles: listParam(z.enum(Object.keys(ROLE_FILTERS) as [keyof typeof ROLE_FILTERS], { error: 'unknownRole' })),
  /** Groups of the active tenant. */
  groupIds: listParam(z.uuid()),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userPageSchema = pageOf(userListItemSchema);

const atLeastOneUser = z
  .array(z.uuid(), { error: 'selectAtLeastOneUser' })
  .min(1, 'selectAtLeastOneUser')
  .max(USER_LIMITS.batchMax, 'tooMany')
  .transform(unique);

export const deleteManyBodySchema = z.object({ ids: atLeastOneUser });

export const groupAssignmentBodySchema = z.object({
  userIds: atLeastOneUser,
  groupIds: z
    .array(z.uuid(), { error: 'selectAtLeastOneGroup' })
    .min(1, 'selectAtLeastOneGroup')
    .max(USER_LIMITS.batchMax, 'tooMany')
    .transform(unique),
});
export type GroupAssignmentBody = z.infer<typeof groupAssignmentBodySchema>;

/** A user group of the active tenant (GET /usergroups). */
export const userGroupSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.date() });
export type UserGroup = z.infer<typeof userGroupSchema>;

/** A user of a select: GET /users/dataselect and GET /users/coaches. */
export const userOptionSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  imagePath: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOptionSchema>;

/** GET /users/dataselect: the caller's users matching `search`, or exactly `ids` (to label chosen users). */
export const userSelectQuerySchema = z.object({
  tenantId: z.uuid({ error: 'invalidId' }).optional(),
  /** Matches name, surname, full name and email. */
  search: z.string().trim().max(200, 'tooLong').optional(),
  take: z.coerce
    .number({ error: 'invalidNumber' })
    .int('invalidNumber')
    .min(1, 'tooSmall')
    .max(USER_SELECT.takeMax, 'tooLarge')
    .default(USER_SELECT.takeDefault),
  /** Comma-separated or repeated; the answer holds those of them the caller may see. */
  ids: listParam(z.uuid({ error: 'invalidId' }), USER_SELECT.idsMax),
});
export type UserSelectQuery = z.infer<typeof userSelectQuerySchema>;

/** One row of an import, as the file gave it. */
export const importRowSchema = z.object({
  /** Line of the file (the header is line 1). */
  line: z.number().int(),
  name: plainText(),
  surname: plainText(),
  email: z.string(),
  role: z.string(),
  /** Group names of the active tenant. */
  groups: z.array(z.string()),
  language: z.string(),
  /** Job title and phone in the active tenant; team and department by name (optional columns). */
  title: plainText().default(''),
  phone: plainText().default(''),
  team: plainText().default(''),
  department: plainText().default(''),
  /** The account's first password (optional column); without one the user signs in by a reset link or SSO. */
  password: z.string().max(AUTH.passwordMax, 'passwordTooLong').optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRowErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * POST /users/import: every row with its errors; nothing is written yet. A row says whether the file
 * gives it a password, never the password: those come back sealed in `passwords` (only the server can
 * open them), for the confirm to send back.
 */
export const importPreviewSchema = z.object({
  rows: z.array(
    importRowSchema
      .omit({ password: true })
      .extend({ hasPassword: z.boolean(), errors: z.array(importRowErrorSchema) }),
  ),
  valid: z.number().int(),
  invalid: z.number().int(),
  passwords: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * POST /users/import/confirm: the previewed rows; all are written or none. `passwords` is the preview's
 * sealed passwords: a row without a password of its own takes the one of its line.
 */
export const importConfirmBodySchema = z.object({
  rows: z
    .array(importRowSchema, { error: 'nothingToImport' })
    .min(1, 'nothingToImport')
    .max(USER_LIMITS.importMaxRows, 'tooManyRows'),
  passwords: z
    .string()
    .max(1024 * 1024)
    .nullable()
    .optional(),
  /**
   * Chosen by the caller (a random UUID) to follow this import's progress while it runs:
   * GET /users/import/progress/{importId}.
   */
  importId: z.uuid().optional(),
});
export type ImportConfirmBody = z.infer<typeof importConfirmBodySchema>;
export const importResultSchema = z.object({ created: z.number().int() });

export const importProgressStepSchema = z.enum([...IMPORT_STEPS, 'done', 'failed']);
export type ImportProgressStep = z.infer<typeof importProgressStepSchema>;

/**
 * GET /users/import/progress/{importId}: how far a running import is. `done` of `total` rows have
 * passed the current step; a step's rows are counted as each one finishes.
 */
export const importProgressSchema = z.object({
  step: importProgressStepSchema,
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
export const importProgressParamsSchema = z.object({ importId: z.uuid() });

/** PUT /auth/resetpassword/{id}: an administrator sets another user's password. */
export const adminResetPasswordBodySchema = z.object({
  password: passwordSchema,
  currentPassword: z.string().max(AUTH.passwordMax).optional(),
});

/** POST /auth/impersonate. */
export const impersonateBodySchema = z.object({
  userId: z.uuid(),
  /** One of the user's tenants; may be left out only for a user without tenants. */
  tenantId: z.uuid().nullable().optional(),
});
