import type { MailSettingsListQuery } from '@atrium/contracts';
import { and, asc, count, desc, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { paged } from '../../db/paging.js';
import { tenantMemberships, users } from '../users/users.schema.js';
import { emailTemplates, mailSettings } from './mail-settings.schema.js';

export type MailSettingsRow = typeof mailSettings.$inferSelect;
export type MailSettingsValues = Omit<MailSettingsRow, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type TemplateRow = typeof emailTemplates.$inferSelect;
type Conn = Db | Tx;

/**
 * A page of the tenant's settings, searched on the title, newest first (or by title), with the count of
 * all that match: one statement (count(*) over () before limit and offset). A page past the end has no
 * row to carry the count, so then it is counted on its own.
 */
export async function listSettings(db: Conn, tenantId: string, q: MailSettingsListQuery) {
  const order = q.direction === 'asc' ? asc : desc;
  const where = and(
    eq(mailSettings.tenantId, tenantId),
    q.search ? ilike(mailSettings.title, containsPattern(q.search)) : undefined,
  );
  return paged(q, async ({ limit, offset }) => {
    const found = await db
      .select({ row: mailSettings, total: sql<number>`(count(*) over ())::int` })
      .from(mailSettings)
      .where(where)
      .orderBy(
        order(q.sort === 'title' ? sql`lower(${mailSettings.title})` : mailSettings.createdAt),
        asc(mailSettings.id),
      )
      .limit(limit)
      .offset(offset);
    if (found.length > 0 || offset === 0) return { rows: found.map((f) => f.row), total: found[0]?.total ?? 0 };
    const [counted] = await db.select({ n: count() }).from(mailSettings).where(where);
    return { rows: [], total: counted?.n ?? 0 };
  });
}

export const findSettings = async (db: Conn, tenantId: string, id: string) =>
  (
    await db
      .select()
      .from(mailSettings)
      .where(and(eq(mailSettings.tenantId, tenantId), eq(mailSettings.id, id)))
  )[0];

/** The settings the tenant's system mails go through, if one is chosen. */
export const findSystemSettings = async (db: Conn, tenantId: string) =>
  (
    await db
      .select()
      .from(mailSettings)
      .where(and(eq(mailSettings.tenantId, tenantId), eq(mailSettings.useForSystemMails, true)))
      .orderBy(desc(mailSettings.updatedAt))
      .limit(1)
  )[0];

export async function insertSettings(db: Conn, tenantId: string, values: MailSettingsValues) {
  const [row] = await db
    .insert(mailSettings)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateSettings(db: Conn, tenantId: string, id: string, values: Partial<MailSettingsValues>) {
  const [row] = await db
    .update(mailSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(mailSettings.tenantId, tenantId), eq(mailSettings.id, id)))
    .returning();
  return row;
}

/**
 * Only one of a tenant's settings carries its system mails, so before one takes the flag the others let
 * go. The tenant's lock (held to the transaction's end) makes two saves that both take it run in turn:
 * the second sees the first's row and clears it, where the unique index would otherwise refuse it.
 */
export async function releaseSystemFlag(db: Conn, tenantId: string, exceptId: string | null) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-settings-system/${tenantId}`}, 0))`);
  await db
    .update(mailSettings)
    .set({ useForSystemMails: false })
    .where(
      and(
        eq(mailSettings.tenantId, tenantId),
        eq(mailSettings.useForSystemMails, true),
        exceptId === null ? undefined : ne(mailSettings.id, exceptId),
      ),
    );
}

export async function deleteSettings(db: Conn, tenantId: string, id: string) {
  const rows = await db
    .delete(mailSettings)
    .where(and(eq(mailSettings.tenantId, tenantId), eq(mailSettings.id, id)))
    .returning({ id: mailSettings.id, title: mailSettings.title });
  return rows[0];
}

export const findTemplate = async (db: Conn, tenantId: string) =>
  (await db.select().from(emailTemplates).where(eq(emailTemplates.tenantId, tenantId)))[0];

export async function saveTemplate(
  db: Conn,
  tenantId: string,
  values: { emailTemplate: string; footerText: string | null; backgroundColor: string | null },
) {
  const [row] = await db
    .insert(emailTemplates)
    .values({ tenantId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: emailTemplates.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * The tenant a mail to this address belongs to when its sender did not say: the live account's only
 * tenant, or the active tenant of an account in several; undefined when neither says.
 */
export async function tenantOfRecipient(db: Conn, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ tenantId: tenantMemberships.tenantId, activeTenantId: users.activeTenantId })
    .from(users)
    .innerJoin(tenantMemberships, eq(tenantMemberships.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(50);
  if (rows.length === 1) return rows[0]!.tenantId;
  const active = rows[0]?.activeTenantId;
  return active && rows.some((r) => r.tenantId === active) ? active : undefined;
}

/** The live account's address (the 'Test' mail goes to the person who asked). */
export const emailOfUser = async (db: Conn, userId: string) =>
  (
    await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
  )[0]?.email;
