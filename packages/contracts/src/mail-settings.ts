import { z } from 'zod';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema } from './problem.js';
import { HEX_COLOUR } from './tenant.js';

/** Limits of a tenant's mail-sending settings and email template (spec part 2 §3, §5). */
export const MAIL_SETTINGS_LIMITS = {
  titleMax: 200,
  idMax: 200,
  secretMax: 1000,
  cardMax: 20_000,
  templateMax: 100_000,
  footerMax: 20_000,
} as const;

/**
 * Where the mail's body goes in a tenant's email template; `{{footer}}` places the footer (else it
 * follows the template).
 */
export const EMAIL_TEMPLATE_CONTENT = '{{content}}';
export const EMAIL_TEMPLATE_FOOTER = '{{footer}}';

/** The template a tenant without one starts from. */
export const DEFAULT_EMAIL_TEMPLATE =
  '<table role="presentation" width="100%" cellpadding="0" cellspacing="0">\n' +
  '  <tr><td style="padding: 24px; background-color: #ffffff">{{content}}</td></tr>\n' +
  '  <tr><td style="padding: 12px 24px; color: #555555; font-size: 12px">{{footer}}</td></tr>\n' +
  '</table>';

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const required = (max: number) => plainText({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

/**
 * One mail-sending settings item as every answer shows it: the client secret never leaves the server,
 * only whether one is set.
 */
export const mailSettingsSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  createdAt: z.date(),
  msGraphTenantId: z.string(),
  msGraphClientId: z.string(),
  hasClientSecret: z.boolean(),
  msGraphSenderId: z.string().nullable(),
  msGraphFromMail: z.string(),
  useForSystemMails: z.boolean(),
  customBusinessCard: z.boolean(),
  customBusinessCardContent: z.string().nullable(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** Sorting of the mail-settings list: by title or creation (newest first unless asked otherwise). */
export const MAIL_SETTINGS_SORTS = ['title', 'createdAt'] as const;
export type MailSettingsSort = (typeof MAIL_SETTINGS_SORTS)[number];
/** GET /tenants/{id}/mailsettings: a page of the tenant's settings, searched on the title. */
export const mailSettingsListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(MAIL_SETTINGS_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
});
export type MailSettingsListQuery = z.infer<typeof mailSettingsListQuerySchema>;
export const mailSettingsPageSchema = pageOf(mailSettingsSchema);
export type MailSettingsPage = z.infer<typeof mailSettingsPageSchema>;

/**
 * Create or update. msGraphClientSecret is required on create; on update an empty or absent secret
 * keeps the stored one.
 */
export const mailSettingsBodySchema = z.object({
  title: required(MAIL_SETTINGS_LIMITS.titleMax),
  msGraphTenantId: required(MAIL_SETTINGS_LIMITS.idMax),
  msGraphClientId: required(MAIL_SETTINGS_LIMITS.idMax),
  msGraphClientSecret: z.preprocess(
    emptyToNull,
    z.string().max(MAIL_SETTINGS_LIMITS.secretMax, 'tooLong').nullable().optional(),
  ),
  msGraphSenderId: z.preprocess(
    emptyToNull,
    z.string().trim().max(MAIL_SETTINGS_LIMITS.idMax, 'tooLong').nullable().optional(),
  ),
  msGraphFromMail: z
    .string({ error: 'required' })
    .trim()
    .min(1, { message: 'required', abort: true })
    .email('invalidEmail'),
  useForSystemMails: z.boolean().default(false),
  customBusinessCard: z.boolean().default(false),
  customBusinessCardContent: z.preprocess(
    emptyToNull,
    z.string().max(MAIL_SETTINGS_LIMITS.cardMax, 'tooLong').nullable().optional(),
  ),
});
export type MailSettingsBody = z.infer<typeof mailSettingsBodySchema>;
export type MailSettingsBodyInput = z.input<typeof mailSettingsBodySchema>;

/**
 * The outcome of 'Test': a mail went to the caller, or the provider's reason it did not; `unreachable`
 * when Microsoft gave no answer at all (then `reason` is the system's code: ENOTFOUND, ECONNREFUSED, ...).
 */
export const mailSettingsTestResultSchema = z.object({
  ok: z.boolean(),
  sentTo: z.string(),
  reason: z.string().nullable(),
  unreachable: z.boolean(),
});
export type MailSettingsTestResult = z.infer<typeof mailSettingsTestResultSchema>;

/** A tenant's email template: it wraps every mail the tenant sends. */
export const emailTemplateSchema = z.object({
  tenantId: z.uuid(),
  emailTemplate: z.string(),
  footerText: z.string().nullable(),
  backgroundColor: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateBodySchema = z.object({
  tenantId: z.uuid().optional(),
  emailTemplate: required(MAIL_SETTINGS_LIMITS.templateMax),
  footerText: z.preprocess(
    emptyToNull,
    z.string().max(MAIL_SETTINGS_LIMITS.footerMax, 'tooLong').nullable().default(null),
  ),
  backgroundColor: z.preprocess(
    emptyToNull,
    z.string().trim().regex(HEX_COLOUR, 'invalidHexColour').nullable().default(null),
  ),
});
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;
export type EmailTemplateBodyInput = z.input<typeof emailTemplateBodySchema>;

/**
 * A mail's HTML inside a tenant's email template: the body at {{content}} (appended when the template
 * has no such place), the footer at {{footer}} (else after the template), on the background colour.
 * The server sends this; the template page previews it.
 */
export function wrapInEmailTemplate(
  body: string,
  template: { emailTemplate: string; footerText: string | null; backgroundColor: string | null },
): string {
  const footer = template.footerText ?? '';
  let placed = { content: false, footer: false };
  let html = template.emailTemplate.replace(/\{\{(content|footer)\}\}/g, (_, key: 'content' | 'footer') => {
    placed = { ...placed, [key]: true };
    return key === 'content' ? body : footer;
  });
  if (!placed.content) html = `${html}${body}`;
  if (!placed.footer && footer) html = `${html}<div>${footer}</div>`;
  return template.backgroundColor && HEX_COLOUR.test(template.backgroundColor)
    ? `<div style="background-color: ${template.backgroundColor}; padding: 24px 0">${html}</div>`
    : html;
}
