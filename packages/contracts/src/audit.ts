import { z } from 'zod';
import { pageOf, pageQuerySchema } from './problem.js';

/**
 * Every action the audit log records (issue 31): administrative writes, named `<record>.<verb>`.
 * A module that records a new kind of write adds its action here, so that the audit page can
 * filter by it and name it (features/audit/locales).
 */
export const AUDIT_ACTIONS = [
  'tenant.created',
  'tenant.updated',
  'tenant.deleted',
  'tenant.restored',
  'tenant.copied',
  'tenant.featuresChanged',
  'tenant.settingsChanged',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.restored',
  'user.rolesChanged',
  'user.groupsChanged',
  'users.imported',
  'group.created',
  'group.updated',
  'group.deleted',
  'group.membersChanged',
  'password.resetByAdmin',
  'impersonation.started',
  'impersonation.ended',
  'notifications.dailyMailsSent',
  'mailSettings.created',
  'mailSettings.updated',
  'mailSettings.deleted',
  'emailTemplate.updated',
  'collaboration.deleted',
  'idea.deleted',
  'comment.deleted',
  'twoFactor.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A calendar day, yyyy-MM-dd, that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
  .refine((d) => {
    const time = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
  }, 'invalidDate');

/** The audit page's filters: actor, action, record and a period (dates yyyy-MM-dd, both inclusive). */
export const auditQuerySchema = pageQuerySchema.pick({ page: true, take: true }).extend({
  actorId: z.string().uuid().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The record: its type and, optionally, its id (or part of a name in `search`). */
  recordType: z.string().max(50).optional(),
  recordId: z.string().max(100).optional(),
  /** One tenant of those the caller may see. */
  tenantId: z.string().uuid().optional(),
  from: day.optional(),
  to: day.optional(),
  /** The caller's time zone as Date.getTimezoneOffset() gives it (minutes), so that a day is theirs. */
  tz: z.coerce.number().int().min(-840).max(840).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  actor: person,
  /** The super administrator behind an impersonation. */
  realActor: person,
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The people who appear as actors in the caller's scope, for the actor filter. */
export const auditActorsSchema = z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }));
