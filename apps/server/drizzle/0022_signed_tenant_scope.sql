-- The app's own login cannot widen its scope (decision 016). The policies no longer trust
-- app.tenant_id and app.cross_tenant as they stand: the two count only together with app.scope_sig,
-- sha256 of a key only the owner reads, the tenant and the cross-tenant flag. The app learns the key
-- through the migration login at start-up and signs each scope it sets; SQL running as the app's
-- login (an injection calling set_config) cannot sign another scope.
CREATE TABLE scope_keys (key text NOT NULL);
--> statement-breakpoint
-- The default privileges of 0008 granted the new table to atrium_app: it is the owner's alone.
REVOKE ALL ON scope_keys FROM PUBLIC, atrium_app;
--> statement-breakpoint
INSERT INTO scope_keys (key) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
-- The signature of a scope; for the owner only (data migrations use it to work across tenants).
CREATE FUNCTION atrium_scope_sig(tenant text, cross_tenant text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT encode(sha256(convert_to(k.key || ':' || tenant || ':' || cross_tenant, 'UTF8')), 'hex') FROM scope_keys k $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION atrium_scope_sig(text, text) FROM PUBLIC;
--> statement-breakpoint
-- Whether the session's scope settings carry their signature.
CREATE FUNCTION atrium_scope_signed() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT coalesce(current_setting('app.scope_sig', true), '') = atrium_scope_sig(
    coalesce(current_setting('app.tenant_id', true), ''), coalesce(current_setting('app.cross_tenant', true), '')) $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION atrium_scope_signed() FROM PUBLIC;
--> statement-breakpoint
-- The tenant whose rows the session sees: null unless signed.
CREATE FUNCTION atrium_tenant() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT CASE WHEN atrium_scope_signed() THEN nullif(current_setting('app.tenant_id', true), '')::uuid END $$;
--> statement-breakpoint
-- Whether the session may reach every tenant's rows: only when signed.
CREATE FUNCTION atrium_cross_tenant() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT coalesce(current_setting('app.cross_tenant', true), '') = 'on' AND atrium_scope_signed() $$;
--> statement-breakpoint
-- Every tenant_isolation policy that read the settings directly now asks the functions (the
-- sub-selects keep them one init plan per statement).
DO $$
DECLARE p record;
BEGIN
  FOR p IN SELECT schemaname, tablename FROM pg_policies
           WHERE policyname = 'tenant_isolation' AND qual LIKE '%app.cross_tenant%' LOOP
    EXECUTE format(
      'ALTER POLICY tenant_isolation ON %I.%I USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) '
      'WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()))',
      p.schemaname, p.tablename);
  END LOOP;
END $$;
--> statement-breakpoint
-- Readiness reads which migrations ran; the app's login reads only that of the migrator's schema.
GRANT USAGE ON SCHEMA drizzle TO atrium_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO atrium_app;
