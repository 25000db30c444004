import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

/**
 * A tenant's mail-sending settings (spec part 2 §3): a Microsoft Graph app registration its mail can be
 * sent through. The client secret is stored encrypted (AES-256-GCM, secret-box.ts) and never leaves
 * the server. At most one row of a tenant has useForSystemMails (a partial unique index; the service
 * moves the flag under a lock of the tenant's).
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    title: text().notNull(),
    msGraphTenantId: text().notNull(),
    msGraphClientId: text().notNull(),
    /** iv, auth tag and ciphertext, base64url, dot-separated (secret-box.ts). */
    msGraphClientSecretSealed: text().notNull(),
    msGraphSenderId: text(),
    msGraphFromMail: text().notNull(),
    useForSystemMails: boolean().notNull().default(false),
    customBusinessCard: boolean().notNull().default(false),
    /** Sanitized rich text. */
    customBusinessCardContent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_settings_tenant_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('mail_settings_system_idx').on(t.tenantId).where(sql`${t.useForSystemMails}`),
    tenantOwned(),
  ],
);

/** A tenant's email template (spec part 2 §3): wraps every mail the tenant sends. Sanitized HTML. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: uuid()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    emailTemplate: text().notNull(),
    footerText: text(),
    backgroundColor: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantOwned()],
);
