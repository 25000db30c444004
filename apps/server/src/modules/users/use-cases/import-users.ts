import {
  can,
  DEFAULT_LANGUAGE,
  emailSchema,
  IMPORT_ROLES,
  type ImportConfirmBody,
  type ImportPreview,
  type ImportRow,
  jobTitleSchema,
  LANGUAGES,
  POLICIES,
  phoneSchema,
  USER_LIMITS,
} from '@atrium/contracts';
import type { Db } from '../../../db/client.js';
import { AppError, type FieldError } from '../../../http/errors.js';
import { needTenant } from '../../../http/tenant-context.js';
import type { Principal } from '../../../http/tokens.js';
import type { AuditService } from '../../audit/audit.service.js';
import { hashPassword } from '../../auth/password-hashing.js';
import { passwordProblem } from '../../auth/password-policy.js';
import type { TenantsService } from '../../tenants/tenants.service.js';
import { readImportFile, writeUsersWorkbook } from '../import-file.js';
import type { ImportPasswordSeal } from '../import-passwords.js';
import { type ImportProgressStore, type ImportReporter, silentReporter } from '../import-progress.js';
import { userScopeOf } from '../user-access.js';
import * as repo from '../users.repository.js';
import { exportRows } from '../users-import.repository.js';
import { uniqueViolation } from '../write-conflict.js';

/** The active tenant a users import or export works in (after the caller's users scope). */
function tenantOfTransfer(activeTenantId: string | null, principal: Principal, detail: string) {
  userScopeOf(activeTenantId, principal);
  return needTenant(activeTenantId, detail);
}

/**
 * Validates import rows against the active tenant; every problem of every row is reported. The
 * password rule (zxcvbn, slow for thousands of rows) is skipped with `passwords: false`, for the
 * confirm's second look inside its transaction.
 */
async function validateImport(
  conn: Db,
  tenantId: string,
  rows: ImportRow[],
  { passwords = true, onPasswordChecked = () => {} }: { passwords?: boolean; onPasswordChecked?: () => void } = {},
) {
  const groups = await repo.groupsOfTenant(conn, tenantId);
  const byName = new Map(groups.map((g) => [g.name.trim().toLowerCase(), g.id]));
  const { teams, departments } = await repo.teamsOfTenant(conn, tenantId);
  const idByName = (list: { id: string; name: string }[]) => {
    const map = new Map(list.map((t) => [t.name.trim().toLowerCase(), t.id]));
    return (name: string) => (name.trim() ? map.get(name.trim().toLowerCase()) : null);
  };
  const teamId = idByName(teams);
  const departmentId = idByName(departments);
  const emails = rows.map((r) => r.email.trim().toLowerCase());
  const taken = await repo.takenEmails(
    conn,
    emails.filter((e) => emailSchema.safeParse(e).success),
  );
  const seen = new Map<string, number>();
  for (const e of emails) seen.set(e, (seen.get(e) ?? 0) + 1);
  const checked = rows.map((row, i) => {
    const errors: FieldError[] = [];
    const email = emails[i]!;
    if (!row.name.trim()) errors.push({ field: 'name', message: 'required' });
    else if (row.name.trim().length > USER_LIMITS.nameMax) errors.push({ field: 'name', message: 'tooLong' });
    if (row.surname.trim().length > USER_LIMITS.nameMax) errors.push({ field: 'surname', message: 'tooLong' });
    if (!email) errors.push({ field: 'email', message: 'required' });
    else if (!emailSchema.safeParse(email).success) errors.push({ field: 'email', message: 'invalidEmail' });
    else if ((seen.get(email) ?? 0) > 1) errors.push({ field: 'email', message: 'duplicateInFile' });
    else if (taken.has(email)) errors.push({ field: 'email', message: 'emailTaken' });
    const role = row.role.trim().toLowerCase() || 'user';
    if (!(role in IMPORT_ROLES)) errors.push({ field: 'role', message: 'unknownRole' });
    const groupIds: string[] = [];
    row.groups.forEach((name, g) => {
      const id = byName.get(name.trim().toLowerCase());
      if (id) groupIds.push(id);
      else errors.push({ field: `groups.${g}`, message: 'unknownGroup' });
    });
    const language = row.language.trim().toLowerCase() || DEFAULT_LANGUAGE;
    if (!(LANGUAGES as readonly string[]).includes(language))
      errors.push({ field: 'language', message: 'unknownLanguage' });
    // Title and phone follow the user form's rules; team and department are names of the tenant's.
    const title = jobTitleSchema.safeParse(row.title);
    if (!title.success) errors.push({ field: 'title', message: title.error.issues[0]!.message });
    const phone = phoneSchema.safeParse(row.phone);
    if (!phone.success) errors.push({ field: 'phone', message: phone.error.issues[0]!.message });
    const team = teamId(row.team);
    if (team === undefined) errors.push({ field: 'team', message: 'unknownTeam' });
    const department = departmentId(row.department);
    if (department === undefined) errors.push({ field: 'department', message: 'unknownDepartment' });
    return {
      row,
      errors,
      person: {
        title: title.data ?? '',
        phone: phone.data ?? '',
        teamId: team ?? null,
        departmentId: department ?? null,
      },
      user: {
        name: row.name.trim(),
        surname: row.surname.trim(),
        email: row.email.trim(),
        role: IMPORT_ROLES[role as keyof typeof IMPORT_ROLES],
        groupIds: [...new Set(groupIds)],
        language,
        password: row.password || null,
      },
    };
  });
  // The one password rule, with the row's email; an empty cell leaves the account without a password.
  for (const c of passwords ? checked : []) {
    const problem = c.user.password && (await passwordProblem(c.user.password, c.user.email));
    if (problem) c.errors.push({ field: 'password', message: problem });
    onPasswordChecked();
  }
  return checked;
}

/**
 * Reads an import file and reports every row with its problems; writes nothing. Passwords are
 * checked, then answered sealed (import-passwords.ts), never in the clear.
 */
export async function previewImport(
  { db, importSeal }: { db: Db; importSeal: ImportPasswordSeal },
  activeTenantId: string | null,
  principal: Principal,
  data: Buffer,
): Promise<ImportPreview> {
  const tenantId = tenantOfTransfer(activeTenantId, principal, 'Choose the tenant to import users into');
  const parsed = await readImportFile(data);
  const rows: ImportRow[] = parsed.map((p) => ({
    line: p.line,
    name: p.cells.name,
    surname: p.cells.surname,
    email: p.cells.email,
    role: p.cells.role,
    groups: p.cells.groups
      .split(/[,;]/)
      .map((g) => g.trim())
      .filter(Boolean),
    language: p.cells.language,
    title: p.cells.title,
    phone: p.cells.phone,
    team: p.cells.team,
    department: p.cells.department,
    ...(p.cells.password && { password: p.cells.password }),
  }));
  const checked = await validateImport(db, tenantId, rows);
  const out = checked.map(({ row: { password, ...row }, errors }) => ({ ...row, hasPassword: !!password, errors }));
  const invalidCount = out.filter((r) => r.errors.length).length;
  const byLine = Object.fromEntries(rows.filter((r) => r.password).map((r) => [r.line, r.password!]));
  return {
    rows: out,
    valid: out.length - invalidCount,
    invalid: invalidCount,
    passwords: importSeal.seal(tenantId, principal.userId, byLine),
  };
}

/**
 * Passwords an import hashes at once. Argon2 runs on libuv's thread pool (4 threads), which file
 * reads and everyone else's sign-ins share: 5,000 hashes started together queued them all behind the
 * import. Two at a time leaves room for the rest and takes about as long on a small machine.
 */
export const HASH_CONCURRENCY = 2;

/** fn over items, at most `limit` at a time, the results in the items' order. */
async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R> | R): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Rows inserted by one statement: 1,000 users stay far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** The import's row problems as one 400, fields named by row index. */
function assertNoProblems(checked: { errors: FieldError[] }[]) {
  const errors = checked.flatMap((c, i) =>
    c.errors.map((e) => ({ field: `rows.${i}.${e.field}`, message: e.message })),
  );
  if (errors.length) {
    throw new AppError('validation', `${errors.length} problem(s) in the rows; nothing was imported`, errors);
  }
}

/**
 * Creates every row's user in the active tenant, or none at all when any row is wrong. The slow parts
 * (password rule, hashing) run before the transaction, so that it only checks emails and groups again
 * and writes: on PGlite, one connection for everyone, the transaction holds every other request.
 * With an importId, each step's rows are counted as they pass it, for GET /users/import/progress.
 */
export async function confirmImport(
  deps: {
    db: Db;
    tenants: TenantsService;
    importSeal: ImportPasswordSeal;
    audit: AuditService;
    importProgress: ImportProgressStore;
  },
  activeTenantId: string | null,
  principal: Principal,
  body: ImportConfirmBody,
) {
  const tenantId = tenantOfTransfer(activeTenantId, principal, 'Choose the tenant to import users into');
  const progress = body.importId
    ? await deps.importProgress.start({ tenantId, userId: principal.userId, importId: body.importId }, body.rows.length)
    : silentReporter;
  try {
    const result = await writeImport(deps, tenantId, principal, body, progress);
    await progress.finish(true);
    return result;
  } catch (err) {
    await progress.finish(false);
    throw err;
  }
}

async function writeImport(
  {
    db,
    tenants,
    importSeal,
    audit,
  }: { db: Db; tenants: TenantsService; importSeal: ImportPasswordSeal; audit: AuditService },
  tenantId: string,
  principal: Principal,
  body: ImportConfirmBody,
  progress: ImportReporter,
) {
  // The preview's sealed passwords, by line, for rows that bring none of their own.
  const sealed = body.passwords ? importSeal.open(body.passwords, tenantId, principal.userId) : {};
  const rows = body.rows.map((r) => (r.password || !sealed[r.line] ? r : { ...r, password: sealed[r.line] }));
  progress.step('checking');
  assertNoProblems(await validateImport(db, tenantId, rows, { onPasswordChecked: () => progress.rowDone() }));
  progress.step('hashing');
  const passwordHashes = await mapBounded(rows, HASH_CONCURRENCY, async (r) => {
    const hash = r.password ? await hashPassword(r.password) : null;
    progress.rowDone();
    return hash;
  });
  progress.step('writing');
  try {
    return await db.transaction(async (conn) => {
      // Emails and groups again: someone may have taken an email or removed a group meanwhile.
      const checked = await validateImport(conn, tenantId, rows, { passwords: false });
      assertNoProblems(checked);
      const checkQuota = await tenants.userQuotaGuard(conn, principal, [tenantId]);
      let created = 0;
      for (let from = 0; from < checked.length; from += INSERT_CHUNK) {
        const chunk = checked.slice(from, from + INSERT_CHUNK);
        const inserted = await repo.insertUsers(
          conn,
          chunk.map((c, i) => ({
            name: c.user.name,
            surname: c.user.surname,
            email: c.user.email,
            language: c.user.language,
            activeTenantId: tenantId,
            passwordHash: passwordHashes[from + i] ?? null,
          })),
        );
        await repo.linkNewUsers(
          conn,
          tenantId,
          inserted.map((user, i) => ({
            userId: user.id,
            role: chunk[i]!.user.role,
            groupIds: chunk[i]!.user.groupIds,
            person: chunk[i]!.person,
          })),
        );
        created += inserted.length;
        progress.rowDone(inserted.length);
      }
      await checkQuota();
      await audit.record(conn, {
        action: 'users.imported',
        tenantId,
        recordType: 'tenant',
        recordId: tenantId,
        data: { created, emails: checked.map((c) => c.user.email) },
      });
      return { created };
    });
  } catch (err) {
    if (uniqueViolation(err)) {
      throw new AppError('conflict', 'Someone created one of these accounts meanwhile; nothing was imported');
    }
    throw err;
  }
}

/** GET /users/import/progress/{importId}: the caller's own import in the active tenant, else 404. */
export async function importProgressOf(
  { importProgress }: { importProgress: ImportProgressStore },
  activeTenantId: string | null,
  principal: Principal,
  importId: string,
) {
  const tenantId = tenantOfTransfer(activeTenantId, principal, 'Choose the tenant to import users into');
  const progress = await importProgress.get({ tenantId, userId: principal.userId, importId });
  if (!progress) throw new AppError('notFound', 'No such import is running');
  return progress;
}

/** The active tenant's live users as an xlsx workbook, in the import's columns. */
export async function exportUsers({ db }: { db: Db }, activeTenantId: string | null, principal: Principal) {
  const tenantId = tenantOfTransfer(activeTenantId, principal, 'Choose the tenant whose users to export');
  const rows = await exportRows(db, tenantId);
  return writeUsersWorkbook(
    rows.map((r) => ({
      name: r.name,
      surname: r.surname,
      email: r.email,
      role: can(r, POLICIES.onlyTenantAdmins) ? 'admin' : 'user',
      groups: r.groups,
      language: r.language,
      title: r.title,
      phone: r.phone,
      team: r.team,
      department: r.department,
    })),
  );
}
