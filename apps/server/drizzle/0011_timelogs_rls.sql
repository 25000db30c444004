-- Row-level security on the time-logging tables, as migration 0008 does for every tenant-owned table
-- (decision 016): the active tenant's rows only, or every row inside crossTenant().
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON projects
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE project_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_tasks
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE project_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_members
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE time_marks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_marks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON time_marks
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE time_week_rows ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_week_rows FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON time_week_rows
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
