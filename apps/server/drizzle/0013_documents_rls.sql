-- Documents, document types and folders are tenant-owned: forced row-level security (decision 016).
ALTER TABLE document_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE document_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON document_types
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON documents
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE folders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE folders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON folders
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
