import type { Role } from '@atrium/contracts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userImportProgress } from './users.schema.js';

// The import's progress rows and the export's rows (use-cases/import-users.ts, import-progress.ts).
/** Live users of a tenant for the export, with their roles and the tenant's groups. */
export async function exportRows(db: Db, tenantId: string) {
  const result = await db.execute(sql`
    select u.name, u.surname, u.email, u.language, tm.title, tm.phone,
      coalesce(t.name, '') as team, coalesce(d.name, '') as department,
      coalesce((select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
                where ur.user_id = u.id), '{}') as roles,
      coalesce((select array_agg(g.name order by g.name) from user_group_members gm
                join user_groups g on g.id = gm.group_id and g.tenant_id = ${tenantId}
                where gm.user_id = u.id), '{}') as groups
    from users u
      join tenant_memberships tm on tm.user_id = u.id and tm.tenant_id = ${tenantId}
      left join tenant_teams t on t.id = tm.team_id and t.tenant_id = ${tenantId}
      left join tenant_departments d on d.id = tm.department_id and d.tenant_id = ${tenantId}
    where u.deleted_at is null
    order by lower(u.name), lower(u.surname), u.id`);
  return (
    result as unknown as {
      rows: {
        name: string;
        surname: string;
        email: string;
        language: string;
        title: string;
        phone: string;
        team: string;
        department: string;
        roles: Role[];
        groups: string[];
      }[];
    }
  ).rows;
}

/** One import's row: its tenant, the user who runs it and the id they chose. */
export type ImportKey = { tenantId: string; userId: string; importId: string };

const importRow = ({ tenantId, userId, importId }: ImportKey) =>
  and(
    eq(userImportProgress.tenantId, tenantId),
    eq(userImportProgress.userId, userId),
    eq(userImportProgress.importId, importId),
  );

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Starts an import's row at its first step; false when an import with the key still runs. Forgets the
 * tenant's imports finished more than `keptSeconds` ago, and those nobody wrote for `lostSeconds` (their
 * process stopped).
 */
export async function startImportProgress(
  db: Db,
  key: ImportKey,
  total: number,
  { keptSeconds, lostSeconds }: { keptSeconds: number; lostSeconds: number },
) {
  await db
    .delete(userImportProgress)
    .where(
      and(
        eq(userImportProgress.tenantId, key.tenantId),
        or(
          lt(userImportProgress.finishedAt, secondsAgo(keptSeconds)),
          lt(userImportProgress.updatedAt, secondsAgo(lostSeconds)),
        ),
      ),
    );
  const fresh = { step: 'checking', done: 0, total, updatedAt: sql`now()`, finishedAt: null };
  const started = await db
    .insert(userImportProgress)
    .values({ ...key, ...fresh })
    .onConflictDoUpdate({
      target: [userImportProgress.tenantId, userImportProgress.userId, userImportProgress.importId],
      set: fresh,
      setWhere: sql`${userImportProgress.finishedAt} is not null`,
    })
    .returning({ importId: userImportProgress.importId });
  return started.length > 0;
}

/** Writes how far an import is; `finished` when it has ended, well or not. */
export const writeImportProgress = (
  db: Db,
  key: ImportKey,
  progress: { step: string; done: number },
  finished: boolean,
) =>
  db
    .update(userImportProgress)
    .set({
      step: progress.step,
      done: progress.done,
      updatedAt: sql`now()`,
      ...(finished && { finishedAt: sql`now()` }),
    })
    .where(importRow(key));

/** How far an import is: running, or finished less than `keptSeconds` ago; else undefined. */
export const importProgress = async (db: Db, key: ImportKey, keptSeconds: number) =>
  (
    await db
      .select({ step: userImportProgress.step, done: userImportProgress.done, total: userImportProgress.total })
      .from(userImportProgress)
      .where(
        and(
          importRow(key),
          or(isNull(userImportProgress.finishedAt), gt(userImportProgress.finishedAt, secondsAgo(keptSeconds))),
        ),
      )
  )[0];
