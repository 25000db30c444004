-- Clients (issue 17): forced row-level security on the module's tenant-owned tables (decision 016),
-- and the trigram index of the client title search where pg_trgm can be had.
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE company_locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_locations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON company_locations
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE company_contacts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_contacts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON company_contacts
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
-- search/{text} and the list search match lower(title) by substring: a trigram index on a real
-- PostgreSQL server; the embedded PGlite has no pg_trgm and runs the same query unindexed. The
-- expression must stay exactly that of clients.repository.ts.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS companies_title_trgm_idx ON companies USING gin ((lower(title)) gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created (%); client search runs without a trigram index', SQLERRM;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- Under forced row-level security PostgreSQL lets a query's own condition use an index only when its
-- functions are leakproof (they run before the policy has filtered the rows). lower() and LIKE
-- (textlike) are not marked so, and the title search then reads every row of the tenant: 70 ms at
-- 100,000 clients instead of 1 ms (docs/decisions/021-clients.md). Neither reveals a row's values through an
-- error or a side effect, and decision 016 does not count on RLS against SQL an attacker writes,
-- which is what a leaky function would matter for. Only a superuser may mark them; without one the
-- search works unindexed and a notice says how to mark them.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'client search runs without its trigram index under row-level security; as a superuser run: ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF; ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;';
  END IF;
END $$;
