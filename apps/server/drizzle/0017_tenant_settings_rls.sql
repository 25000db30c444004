-- tenant_home_content is tenant-owned: forced row-level security, as migration 0008 does (decision 016).
-- Operators write another tenant's content inside withTenant(id); the media sweep reads it cross-tenant.
ALTER TABLE "tenant_home_content" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "tenant_home_content" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "tenant_home_content"
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
