-- Issue 25: each tenant-owned table declares its row-level security policy in its *.schema.ts
-- (tenantOwned(), db/tenant-owned.ts), so drizzle-kit knows the policies and writes them for new
-- tables. The policies were hand-written SQL (migrations 0008-0022); the other modules' schemas were
-- declared while 0023 was generated, so its snapshot took theirs in, and these are the documents
-- module's. They exist already, as declared (test/row-level-security.test.ts compares each policy
-- with its schema's), so on a migrated database this changes nothing: ENABLE is a no-op where RLS is
-- on, and a policy is created only where the table has none of that name.
ALTER TABLE "document_types" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "folders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'document_types' AND policyname = 'tenant_isolation') THEN
    CREATE POLICY "tenant_isolation" ON "document_types" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'documents' AND policyname = 'tenant_isolation') THEN
    CREATE POLICY "tenant_isolation" ON "documents" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'folders' AND policyname = 'tenant_isolation') THEN
    CREATE POLICY "tenant_isolation" ON "folders" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));
  END IF;
END $$;
