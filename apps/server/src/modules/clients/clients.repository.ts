import type { CompanyBody, ContactBody, LocationBody } from '@atrium/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { compiledRead, customPlans, type Db, queryRows } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { companies, companyContacts, companyCounts, companyLocations, type Invoice } from './clients.schema.js';

export type CompanyRow = typeof companies.$inferSelect;
export type LocationRow = typeof companyLocations.$inferSelect;
export type ContactRow = typeof companyContacts.$inferSelect;

/** Clients whose lower-cased title is like `pattern`: companies_title_trgm_idx covers it on PostgreSQL. */
const titleLike = (pattern: unknown) => sql`lower(c.title) like ${pattern}`;

/** A client whose title contains `term`, ignoring case. */
const titleMatches = (term: string) => titleLike(containsPattern(term.toLowerCase()));

export type CompanyListFilter = {
  tenantId: string;
  search?: string;
  sort: 'title' | 'updatedAt';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** What the list statement's text depends on; everything else in a filter is a value. */
type ListShape = Pick<CompanyListFilter, 'sort' | 'direction'> & { searched: boolean };

/**
 * One page of a tenant's clients with the total, in one statement (the benchmark runs it bare). With a
 * search, the trigram index finds the matches first (the fence), which are then counted and sorted;
 * without one the page's ids come from an index-only scan of (tenant_id, lower(title), id, title) or
 * (tenant_id, updated_at, id), and only those rows are read; the total is the tenant's row of
 * company_counts. (A generic plan takes an unknown LIMIT for a tenth of the rows: asked for whole
 * rows in order, it sorted all of them instead.) Contact and location counts are the rows' own
 * columns, kept by triggers (migration 0021): nothing is counted per row.
 */
const companiesList = compiledRead<
  ListShape,
  { tenantId: string; pattern: string | null; limit: number; offset: number }
>('companies_list', ({ sort, direction, searched }) => {
  const tenantId = sql.placeholder('tenantId');
  const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const order = (alias: string) => {
    const a = sql.raw(alias);
    return sort === 'updatedAt'
      ? sql`${a}.updated_at ${dir}, ${a}.id ${dir}`
      : sql`lower(${a}.title) ${dir}, ${a}.id ${dir}`;
  };
  const limit = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const columns = sql`c.id, c.title, c.address, c.client_code, c.fill_color, c.updated_at, c.contacts_count, c.locations_count`;
  const page = searched
    ? sql`select ${columns}, count(*) over () as total
          from (select ${columns} from companies c where c.tenant_id = ${tenantId} and ${titleLike(sql.placeholder('pattern'))} offset 0) c
          order by ${order('c')} ${limit}`
    : sql`select ${columns},
                 coalesce((select k.live from company_counts k where k.tenant_id = ${tenantId}), 0) as total
          from companies c
          where c.id = any(array(select i.id from companies i where i.tenant_id = ${tenantId}
                                 order by ${order('i')} ${limit}))`;
  return sql`
    with page as (${page})
    select p.id, p.title, p.address, p.client_code as "clientCode", p.fill_color as "fillColor",
           -- ISO 8601 as the answer carries it (what a Date's toJSON writes): no Date to parse and
           -- format again for every row, as in the tenants list (decision 011).
           to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
           p.total::int as total,
           p.contacts_count as "contactsCount", p.locations_count as "locationsCount"
    from page p
    order by ${order('p')}`;
});

const listArgs = (f: CompanyListFilter) => {
  const term = f.search?.trim();
  const shape: ListShape = { sort: f.sort, direction: f.direction, searched: !!term };
  const pattern = term ? containsPattern(term.toLowerCase()) : null;
  return [shape, { tenantId: f.tenantId, pattern, limit: f.limit, offset: f.offset }] as const;
};

/** The list statement as the driver receives it. */
export const companiesListQuery = (f: CompanyListFilter) => companiesList.query(...listArgs(f));

export type CompanyListRow = {
  id: string;
  title: string;
  address: string | null;
  clientCode: string | null;
  fillColor: CompanyRow['fillColor'];
  /** ISO 8601, UTC, milliseconds. */
  updatedAt: string;
  total: number;
  contactsCount: number;
  locationsCount: number;
};

/**
 * The rows as the answer writes them: no copy per row (the serializer writes only the declared fields).
 * A search runs with plans made for its pattern (customPlans): on a tenant of 1,000,000 clients the
 * generic plan made it 10-20% slower, while it made the unsearched pages 1.2-1.6x faster (decision 011).
 */
export const listCompanies = (db: Db, f: CompanyListFilter) => {
  const [shape, values] = listArgs(f);
  const rows = () => companiesList.rows<CompanyListRow>(db, shape, values);
  return shape.searched ? customPlans(rows) : rows();
};

export async function countCompanies(db: Db, tenantId: string, search?: string) {
  const term = search?.trim();
  if (!term) {
    const [counted] = await db
      .select({ n: companyCounts.live })
      .from(companyCounts)
      .where(eq(companyCounts.tenantId, tenantId));
    return counted?.n ?? 0;
  }
  const where = sql`c.tenant_id = ${tenantId} and ${titleMatches(term)}`;
  const [row] = await queryRows<{ n: number }>(
    db,
    'companies_count',
    sql`select count(*)::int as n from companies c where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** The SQL of search/{text}: the first matches by title (benchmarked bare beside the endpoint). */
export const companySearchSql = (tenantId: string, text: string, take: number) => sql`
  select c.id, c.title
  from (select c.id, c.title from companies c where c.tenant_id = ${tenantId} and ${titleMatches(text)} offset 0) c
  order by lower(c.title), c.id
  limit ${take}`;

export const searchCompanies = (db: Db, tenantId: string, text: string, take: number) =>
  queryRows<{ id: string; title: string }>(db, 'companies_search', companySearchSql(tenantId, text, take));

export const allCompanies = (db: Db, tenantId: string) =>
  db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(eq(companies.tenantId, tenantId))
    .orderBy(asc(sql`lower(${companies.title})`), asc(companies.id));

export async function findCompany(db: Db, tenantId: string, id: string) {
  // contactsCount and locationsCount are columns of the row, kept by triggers (migration 0021).
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.id, id)));
  return row;
}

/** The stored columns of a client body; the invoice keeps its id across updates. */
const companyValues = (body: CompanyBody, invoiceId: string | undefined) => ({
  title: body.title,
  description: body.description,
  address: body.address,
  longitude: body.longitude,
  latitude: body.latitude,
  clientSince: body.clientSince,
  acquiredBy: body.acquiredBy,
  aeAdvisor: body.aeAdvisor,
  clientCode: body.clientCode,
  pricing: body.pricing,
  notes: body.notes,
  fillColor: body.fillColor,
  invoice: body.invoice
    ? ({
        id: invoiceId ?? crypto.randomUUID(),
        billTo: body.invoice.billTo,
        email: body.invoice.email,
      } satisfies Invoice)
    : null,
});

export async function insertCompany(db: Db, tenantId: string, body: CompanyBody) {
  const [row] = await db
    .insert(companies)
    .values({ tenantId, ...companyValues(body, undefined) })
    .returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(db: Db, tenantId: string, id: string, body: CompanyBody, invoiceId?: string) {
  const rows = await db
    .update(companies)
    .set({ ...companyValues(body, invoiceId), updatedAt: new Date() })
    .where(and(eq(companies.tenantId, tenantId), eq(companies.id, id)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Deletes a client with its contacts and locations; run it in one transaction. Null: no such client. */
export async function deleteCompany(db: Db, tenantId: string, id: string) {
  const contacts = await db
    .delete(companyContacts)
    .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.companyId, id)))
    .returning({ id: companyContacts.id });
  const locations = await db
    .delete(companyLocations)
    .where(and(eq(companyLocations.tenantId, tenantId), eq(companyLocations.companyId, id)))
    .returning({ id: companyLocations.id });
  const removed = await db
    .delete(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.id, id)))
    .returning({ id: companies.id });
  return removed.length ? { contacts: contacts.length, locations: locations.length } : null;
}

// Locations

export type ChildListFilter<S extends string> = {
  tenantId: string;
  companyId: string;
  search?: string;
  sort: S;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const ordered = (direction: 'asc' | 'desc', ...columns: SQL[]) =>
  columns.map((c) => (direction === 'desc' ? desc(c) : asc(c)));

export async function listLocations(db: Db, f: ChildListFilter<'title' | 'address'>) {
  const term = f.search?.trim();
  const where = and(
    eq(companyLocations.tenantId, f.tenantId),
    eq(companyLocations.companyId, f.companyId),
    term
      ? sql`lower(${companyLocations.title} || ' ' || coalesce(${companyLocations.address}, '')) like ${containsPattern(term.toLowerCase())}`
      : undefined,
  );
  const key =
    f.sort === 'address'
      ? [sql`lower(coalesce(${companyLocations.address}, ''))`, sql`lower(${companyLocations.title})`]
      : [sql`lower(${companyLocations.title})`];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companyLocations)
      .where(where)
      .orderBy(...ordered(f.direction, ...key, sql`${companyLocations.id}`))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(companyLocations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const findLocation = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select()
      .from(companyLocations)
      .where(and(eq(companyLocations.tenantId, tenantId), eq(companyLocations.id, id)))
  )[0];

type LocationValues = Omit<LocationBody, 'companyId'>;

export async function insertLocation(db: Db, tenantId: string, companyId: string, body: LocationValues) {
  const [row] = await db
    .insert(companyLocations)
    .values({
      tenantId,
      companyId,
      title: body.title,
      address: body.address,
      latitude: body.latitude,
      longitude: body.longitude,
      radius: body.radius,
    })
    .returning();
  return row!;
}

export async function updateLocation(db: Db, tenantId: string, id: string, values: Partial<LocationValues>) {
  const [row] = await db
    .update(companyLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyLocations.tenantId, tenantId), eq(companyLocations.id, id)))
    .returning();
  return row;
}

export async function deleteLocation(db: Db, tenantId: string, id: string) {
  const rows = await db
    .delete(companyLocations)
    .where(and(eq(companyLocations.tenantId, tenantId), eq(companyLocations.id, id)))
    .returning({ id: companyLocations.id });
  return rows.length > 0;
}

// Contacts

export async function listContacts(db: Db, f: ChildListFilter<'name' | 'email'>) {
  const term = f.search?.trim();
  const where = and(
    eq(companyContacts.tenantId, f.tenantId),
    eq(companyContacts.companyId, f.companyId),
    term
      ? sql`lower(${companyContacts.name} || ' ' || ${companyContacts.email} || ' ' || coalesce(${companyContacts.phoneNumber}, '')) like ${containsPattern(term.toLowerCase())}`
      : undefined,
  );
  const key =
    f.sort === 'email'
      ? [sql`lower(${companyContacts.email})`, sql`lower(${companyContacts.name})`]
      : [sql`lower(${companyContacts.name})`];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companyContacts)
      .where(where)
      .orderBy(...ordered(f.direction, ...key, sql`${companyContacts.id}`))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(companyContacts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const findContact = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select()
      .from(companyContacts)
      .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.id, id)))
  )[0];

export async function insertContact(db: Db, tenantId: string, body: ContactBody) {
  const [row] = await db
    .insert(companyContacts)
    .values({
      tenantId,
      companyId: body.companyId,
      name: body.name,
      email: body.email,
      phoneNumber: body.phoneNumber,
    })
    .returning();
  return row!;
}

export async function updateContact(db: Db, tenantId: string, id: string, body: ContactBody) {
  const [row] = await db
    .update(companyContacts)
    .set({
      companyId: body.companyId,
      name: body.name,
      email: body.email,
      phoneNumber: body.phoneNumber,
      updatedAt: new Date(),
    })
    .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.id, id)))
    .returning();
  return row;
}

export async function deleteContact(db: Db, tenantId: string, id: string) {
  const rows = await db
    .delete(companyContacts)
    .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.id, id)))
    .returning({ id: companyContacts.id });
  return rows.length > 0;
}
