-- The scope functions of 0022 ran with search_path = pg_catalog, public, which still looks in pg_temp
-- first for tables: a temporary table named scope_keys, which the app's login may create, took the
-- key's place, and a key of the app's own signed any scope. Each function now names what it reads
-- with its schema and puts pg_temp last.
CREATE OR REPLACE FUNCTION atrium_scope_sig(tenant text, cross_tenant text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT encode(sha256(convert_to(k.key || ':' || tenant || ':' || cross_tenant, 'UTF8')), 'hex') FROM public.scope_keys k $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_scope_signed() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT coalesce(current_setting('app.scope_sig', true), '') = public.atrium_scope_sig(
    coalesce(current_setting('app.tenant_id', true), ''), coalesce(current_setting('app.cross_tenant', true), '')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_tenant() RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT CASE WHEN public.atrium_scope_signed() THEN nullif(current_setting('app.tenant_id', true), '')::uuid END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_cross_tenant() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT coalesce(current_setting('app.cross_tenant', true), '') = 'on' AND public.atrium_scope_signed() $$;
