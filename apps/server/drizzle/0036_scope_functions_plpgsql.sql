-- The policies' scope checks, cheaper (decision 016, issue 25). As SQL functions calling SQL functions,
-- each check planned its body anew at every call site of every statement: about 25 µs each, and a
-- statement on five tenant-owned tables makes ten checks (bench/README, 28 November). PL/pgSQL keeps
-- its plan for the session, and each function now reads the settings and the key itself instead of
-- through two more SECURITY DEFINER calls. What they answer is unchanged: a signed scope's tenant, or
-- whether signed cross-tenant work is running; the signature is still atrium_scope_sig's formula.
CREATE OR REPLACE FUNCTION atrium_tenant() RETURNS uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
  cross_tenant text := coalesce(current_setting('app.cross_tenant', true), '');
BEGIN
  IF tenant = '' THEN
    RETURN NULL;
  END IF;
  IF coalesce(current_setting('app.scope_sig', true), '') =
     (SELECT encode(sha256(convert_to(k.key || ':' || tenant || ':' || cross_tenant, 'UTF8')), 'hex') FROM public.scope_keys k) THEN
    RETURN tenant::uuid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_cross_tenant() RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
BEGIN
  IF coalesce(current_setting('app.cross_tenant', true), '') <> 'on' THEN
    RETURN false;
  END IF;
  RETURN coalesce(current_setting('app.scope_sig', true), '') IS NOT DISTINCT FROM
    (SELECT encode(sha256(convert_to(k.key || ':' || tenant || ':on', 'UTF8')), 'hex') FROM public.scope_keys k);
END $$;
--> statement-breakpoint
-- Nothing calls it any more.
DROP FUNCTION atrium_scope_signed();
