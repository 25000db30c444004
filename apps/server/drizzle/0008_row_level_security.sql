-- Row-level security on tenant-owned tables, as defence in depth behind the repositories' own
-- tenant filters (decision 016). The app's queries run as atrium_app (SET ROLE after migrating):
-- no SUPERUSER, no BYPASSRLS, owns nothing, so the policies below apply to it.
--
-- Roles are cluster-wide, and several databases on one server (the test suite's) migrate at the
-- same time: a concurrent or earlier creation is fine.
DO $$
BEGIN
  -- Looked up first: a login role without CREATEROLE may use a role that its DBA created.
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atrium_app') THEN
    CREATE ROLE atrium_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
-- A login role that is not a superuser may switch to atrium_app only as a member of it.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'atrium_app', 'MEMBER') THEN
    EXECUTE format('GRANT atrium_app TO %I', current_user);
  END IF;
EXCEPTION
  WHEN unique_violation THEN
    NULL;
  WHEN insufficient_privilege THEN
    RAISE EXCEPTION 'The login role % cannot make itself a member of atrium_app', current_user
      USING HINT = format('As a superuser, run: GRANT atrium_app TO %I', current_user);
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO atrium_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO atrium_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO atrium_app;
--> statement-breakpoint
-- Tables and sequences that later migrations create (as this same login role) are granted too.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO atrium_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO atrium_app;
--> statement-breakpoint
-- The audit trail is append-only for the app.
REVOKE UPDATE, DELETE ON audit_log FROM atrium_app;
--> statement-breakpoint
-- The policy of every tenant-owned table: the rows of the tenant in app.tenant_id, or every row while
-- app.cross_tenant is 'on' (crossTenant() in db/tenant-scope.ts). Unset or empty means no tenant:
-- no row is visible and none can be written. The settings are read once per statement (sub-selects).
ALTER TABLE user_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_groups
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
-- Members of a group are the group's tenant's: visible and writable where the group is.
ALTER TABLE user_group_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_group_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_group_members
  USING (EXISTS (SELECT 1 FROM user_groups g WHERE g.id = group_id))
  WITH CHECK (EXISTS (SELECT 1 FROM user_groups g WHERE g.id = group_id));
--> statement-breakpoint
ALTER TABLE notification_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notification_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_subscriptions
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notifications
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
