/**
 * Client search under load, beside the same SQL run bare (issue 17).
 *
 * Seeds 100,000 clients into one tenant of a throw-away database on the PostgreSQL server of
 * TEST_DATABASE_URL, starts the app on loopback, signs in as that tenant's administrator and drives
 * GET /core/api/companies/search/{text}, GET /core/api/companies?search= (page of 50) and the unsearched
 * first page with 50 concurrent clients (autocannon). Then it runs the very SQL text those endpoints
 * send, bare through a pg pool of the same size, in this process (as the database owner: no row-level
 * security, which the endpoint pays for). Prints rate and p99 of both and their ratio.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/clients.ts [--check]
 *
 * --check exits 1 unless every case reaches p99 < 50 ms and at least 0.5 of the bare rate.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { namedQuery } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { companiesListQuery, companySearchSql } from '../apps/server/src/modules/clients/clients.repository.js';
import {
  BENCH_PASSWORD,
  type Case,
  compareCases,
  runBench,
  secondsSince,
  settle,
  sqlArray,
  stemOf,
  stemSql,
} from './harness.js';

const CLIENTS = 100_000;

// Client names: a syllable stem (stemOf) and a kind, so a search for a stem finds about 50 clients.
const KIND = ['Logistik', 'Byg', 'Service', 'Handel', 'Consult', 'Transport', 'Data', 'Energi'];

async function seed(pool: pg.Pool, tenantId: string) {
  await pool.query(
    `insert into companies (tenant_id, title, address, client_code, updated_at)
     select $1,
            ${stemSql('i')}
              || ' ' || ${sqlArray(KIND)}[1 + (i / 2000) % 8] || ' ' || i,
            'Vej ' || (i % 300) || ', ' || (1000 + i % 8000),
            'C-' || i,
            now() - make_interval(secs => i)
     from generate_series(1, ${CLIENTS}) i`,
    [tenantId],
  );
  // A few contacts and locations, so the page's counts have rows to count.
  await pool.query(
    `insert into company_contacts (tenant_id, company_id, name, email)
     select tenant_id, id, 'Contact of ' || title, 'c@bench.test' from companies where hashtext(id::text) % 3 = 0`,
  );
  await pool.query(
    `insert into company_locations (tenant_id, company_id, title, radius)
     select tenant_id, id, 'Site of ' || title, 1000 from companies where hashtext(id::text) % 4 = 0`,
  );
  await settle(pool);
}

function cases(tenantId: string, token: string): Case[] {
  const terms = Array.from({ length: 20 }, (_, k) => stemOf(k * 97 + 13).toLowerCase());
  const list = (search?: string) =>
    companiesListQuery({ tenantId, search, sort: 'title', direction: 'asc', limit: 50, offset: 0 });
  const target = { p99Ms: 50, ratio: 0.5 };
  return [
    {
      label: 'GET /core/api/companies/search/{text}',
      target,
      requests: terms.map((t) => ({
        path: `/core/api/companies/search/${encodeURIComponent(t)}`,
        token,
        statements: [namedQuery('companies_search', companySearchSql(tenantId, t, 20))],
      })),
    },
    {
      label: 'GET /core/api/companies?search= (page of 50)',
      target,
      requests: terms.map((t) => ({
        path: `/core/api/companies?search=${encodeURIComponent(t)}&take=50`,
        token,
        // The app runs a search with plans made for its pattern (customPlans).
        statements: [{ ...list(t), plan: 'auto' as const }],
      })),
    },
    {
      label: 'GET /core/api/companies (first page of 50, by name)',
      target,
      requests: [{ path: '/core/api/companies?take=50', token, statements: [list()] }],
    },
  ];
}

await runBench(async (bench) => {
  const tenant = await bench.pool.query<{ id: string }>(
    `insert into tenants (name) values ('Bench Clients') returning id`,
  );
  const tenantId = tenant.rows[0]!.id;
  console.log(`seeding ${CLIENTS} clients into one tenant...`);
  const t0 = performance.now();
  await seed(bench.pool, tenantId);
  console.log(`seeded in ${secondsSince(t0)} s`);

  // The tenant's administrator, with the tenant active: the token carries it.
  await bench.pool.query(
    `with u as (insert into users (email, name, surname, password_hash, gdpr_confirmed, active_tenant_id)
                values ('bench-admin@bench.test', 'Bench', 'Admin', $1, true, $2) returning id),
          m as (insert into tenant_memberships (tenant_id, user_id) select $2, u.id from u)
     insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'TenantAdmin'`,
    [await hashPassword(BENCH_PASSWORD), tenantId],
  );
  const address = await bench.startApp();
  const { token } = await bench.signIn('bench-admin@bench.test');
  await compareCases(bench, address, cases(tenantId, token));
});
