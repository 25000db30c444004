import { z } from 'zod';
import { AUTH } from './constants.js';
import { ROLES } from './roles.js';
import { customTenantPropertiesSchema } from './tenant.js';

/** Trimmed, then an email address: the document shows `format: email` (its pattern, as checked). */
export const emailSchema = z.string().trim().min(1, { message: 'required', abort: true }).email('invalidEmail');

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'required').max(AUTH.passwordMax, 'passwordTooLong'),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * A new password's length and content (ASVS 6.2): 8 to 128 characters, not only whitespace. With
 * passwordEmailProblem below this is the rule every form and endpoint shares; the server adds the
 * list of common passwords (too large for the browser's bundle).
 */
export const passwordSchema = z
  .string()
  .min(AUTH.passwordMin, 'passwordTooShort')
  .max(AUTH.passwordMax, 'passwordTooLong')
  .refine((value) => value.trim() !== '', 'passwordBlank');

/** POST /auth/resetpassword: the id and token of the mailed link, and the new password. */
export const resetPasswordBodySchema = z.object({
  id: z.uuid('invalidOrExpiredResetLink'),
  token: z.string().min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * Local parts shorter than this are left out of the check below: two letters ("jo@...") occur
 * inside too many good passwords to refuse them all.
 */
const EMAIL_LOCAL_PART_MIN = 3;

/** What zxcvbn-ts counts as already guessed for an account: its email and the email's longer parts. */
export const passwordUserInputs = (email: string): string[] =>
  email ? [email, ...email.split(/[@._+-]/).filter((part) => part.length > 2)] : [];

/** 'passwordContainsEmail' when the password holds the email's local part (any case), else null. */
export function passwordEmailProblem(password: string, email: string): 'passwordContainsEmail' | null {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at)).trim().toLowerCase();
  if (local.length < EMAIL_LOCAL_PART_MIN) return null;
  return password.toLowerCase().includes(local) ? 'passwordContainsEmail' : null;
}

/** The signed-in user as every auth answer carries it. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  userName: z.string(),
  surname: z.string(),
  displayName: z.string(),
  imagePath: z.string().nullable(),
  language: z.string(),
  roles: z.array(z.enum(ROLES)),
  isSuperadmin: z.boolean(),
  activeTenantId: z.uuid().nullable(),
  impersonatorId: z.uuid().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResultSchema = z.object({ user: authUserSchema, token: z.string() });
export type AuthResult = z.infer<typeof authResultSchema>;

/** GET /auth/office (spec: tenantId, clientId, url, scope), plus whether it is configured and where. */
export const officeSettingsSchema = z.object({
  enabled: z.boolean(),
  tenantId: z.string().nullable(),
  clientId: z.string().nullable(),
  url: z.string().nullable(),
  scope: z.string().nullable(),
  /** A regular expression the page's host name must match for the button to show. */
  hostPattern: z.string().nullable(),
});
export type OfficeSettings = z.infer<typeof officeSettingsSchema>;

export const activeTenantBodySchema = z.object({ tenantId: z.uuid().nullable().optional() });

export const tenantOptionSchema = z.object({ id: z.uuid(), name: z.string() });
export type TenantOption = z.infer<typeof tenantOptionSchema>;

export const menuItemDataSchema = z.object({
  name: z.string(),
  customTitle: z.string().nullable(),
  /** The tenant's description of the feature: rich text, sanitized when saved (/tenants/description/{id}). */
  customDescription: z.string().nullable().optional(),
});

/** GET /me/generaldata. */
export const generalDataSchema = z.object({
  imageLogosrc: z.string().nullable(),
  imageMobileLogosrc: z.string().nullable(),
  features: z.array(z.string()),
  tenantMenuItemsData: z.array(menuItemDataSchema),
  /** Document types shown in the side menu, each opening /documents/{id} (while the tenant has Documents). */
  sideMenuDocumentTypes: z.array(z.object({ id: z.uuid(), name: z.string() })).optional(),
  activeUserData: z.object({
    email: z.string(),
    imagePath: z.string().nullable(),
    userName: z.string(),
    surname: z.string(),
    tenantSet: z.boolean(),
    /** Job title and phone in the active tenant ('' without one), for /profile/edit. */
    title: z.string(),
    phone: z.string(),
  }),
  tenants: z.array(tenantOptionSchema),
  customTenantProperties: customTenantPropertiesSchema.nullable(),
});
export type GeneralData = z.infer<typeof generalDataSchema>;

/** GET /me/info. */
export const userInfoSchema = z.object({
  gdprConfirmed: z.boolean(),
  language: z.string(),
  isSuperadmin: z.boolean(),
  tenants: z.array(tenantOptionSchema),
  /** Whether the /tenants page offers 'Send daily mails' (the server's DAILY_MAIL_SENDERS decides). */
  canSendDailyMails: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
