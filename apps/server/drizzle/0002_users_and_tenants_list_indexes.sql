CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id","user_id");--> statement-breakpoint
-- Substring search of the users and tenants lists: trigram indexes where pg_trgm can be had (a real
-- PostgreSQL server). Without it (the embedded PGlite) the same queries run unindexed. The expressions
-- must stay exactly those of users.repository.ts and tenants.repository.ts.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users
        USING gin ((lower(name || ' ' || surname || ' ' || email)) gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS tenants_name_trgm_idx ON tenants USING gin ((lower(name)) gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created (%); list search runs without trigram indexes', SQLERRM;
    END;
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" USING btree (lower("name"), lower("surname"), "id");
