import type { CustomTenantProperties } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { compiledRead, type Db } from '../../db/client.js';
import { documentTypes } from '../documents/documents.schema.js';
import { features, tenantFeatures, tenants } from '../tenants/tenants.schema.js';
import { tenantMemberships, users } from '../users/users.schema.js';

export const findUser = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

/** What the shell shows of the signed-in user and of their active tenant. */
export type Shell = {
  email: string;
  name: string;
  surname: string;
  imagePath: string | null;
  /** Job title and phone on the membership of the active tenant, '' without one. */
  title: string;
  phone: string;
  /** Whether the active tenant was found; its fields below are null and [] when not. */
  tenantSet: boolean;
  logoMediaFile: string | null;
  mobileLogoMediaFile: string | null;
  customTenantProperties: CustomTenantProperties | null;
  /** Its switched-on features with its own titles and descriptions, in no particular order. */
  menu: { name: string; customTitle: string | null; customDescription: string | null }[];
  /** The document types its side menu shows, by name. */
  sideMenuTypes: { id: string; name: string }[];
};

/**
 * The user and active tenant parts of the shell, read in one statement because every page load asks
 * for them: the user's name and picture, the tenant's logos, theme, menu with titles and the side
 * menu's document types. No row when the user is gone. Built once, its values filled on every call.
 */
export const shell = compiledRead<Record<string, never>, { userId: string; tenantId: string | null }>(
  'me_shell',
  () => sql`
  select ${users.email} as "email", ${users.name} as "name", ${users.surname} as "surname",
         ${users.imagePath} as "imagePath",
         coalesce(${tenantMemberships.title}, '') as "title", coalesce(${tenantMemberships.phone}, '') as "phone",
         ${tenants.id} is not null as "tenantSet",
         ${tenants.logoMediaFile} as "logoMediaFile",
         ${tenants.mobileLogoMediaFile} as "mobileLogoMediaFile",
         ${tenants.customTenantProperties} as "customTenantProperties",
         coalesce((select json_agg(json_build_object('name', ${features.name}, 'customTitle', ${tenantFeatures.customTitle},
                                                     'customDescription', ${tenantFeatures.customDescription}))
                   from ${tenantFeatures} join ${features} on ${features.id} = ${tenantFeatures.featureId}
                   where ${tenantFeatures.tenantId} = ${tenants.id}), '[]') as "menu",
         coalesce((select json_agg(json_build_object('id', ${documentTypes.id}, 'name', ${documentTypes.name})
                                   order by lower(${documentTypes.name}), ${documentTypes.id})
                   from ${documentTypes}
                   where ${documentTypes.tenantId} = ${tenants.id} and ${documentTypes.isShownOnSideMenu}), '[]') as "sideMenuTypes"
  from ${users} left join ${tenants} on ${tenants.id} = ${sql.placeholder('tenantId')}::uuid
    left join ${tenantMemberships} on ${tenantMemberships.userId} = ${users.id} and ${tenantMemberships.tenantId} = ${tenants.id}
  where ${users.id} = ${sql.placeholder('userId')}`,
);

export const findShell = async (db: Db, userId: string, tenantId: string | null) =>
  (await shell.rows<Shell>(db, {}, { userId, tenantId }))[0];

export const confirmGdpr = (db: Db, userId: string) =>
  db.update(users).set({ gdprConfirmed: true }).where(eq(users.id, userId));

export type ProfileChanges = Partial<Pick<typeof users.$inferInsert, 'name' | 'surname' | 'language' | 'imagePath'>>;

/** Applies the user's own profile changes; answers the updated row, or undefined for a user that is gone. */
export const updateProfile = async (db: Db, id: string, changes: ProfileChanges) => {
  if (!Object.keys(changes).length) return findUser(db, id);
  return (await db.update(users).set(changes).where(eq(users.id, id)).returning())[0];
};

/** The user's own job title and phone in a tenant; false when they are not in it. */
export async function updateOwnPerson(
  db: Db,
  userId: string,
  tenantId: string,
  values: { title?: string; phone?: string },
) {
  const rows = await db
    .update(tenantMemberships)
    .set(values)
    .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId)))
    .returning({ userId: tenantMemberships.userId });
  return rows.length > 0;
}
