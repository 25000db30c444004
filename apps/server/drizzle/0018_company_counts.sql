CREATE TABLE "company_counts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_counts" ADD CONSTRAINT "company_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A tenant's own row: the same forced row-level security as its clients (decision 016).
ALTER TABLE company_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON company_counts
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
         OR (SELECT current_setting('app.cross_tenant', true)) = 'on')
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)
              OR (SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
-- Runs as the caller, under the caller's scope: a client is inserted or deleted in its tenant's scope
-- (or across tenants), which is also the scope of its tenant's count.
CREATE FUNCTION company_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM company_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.tenant_id = NEW.tenant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE company_counts SET live = live - 1 WHERE tenant_id = OLD.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO company_counts (tenant_id, live) VALUES (NEW.tenant_id, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET live = company_counts.live + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_count_rows AFTER INSERT OR DELETE OR UPDATE OF tenant_id ON companies
  FOR EACH ROW EXECUTE FUNCTION company_counts_track();
--> statement-breakpoint
CREATE TRIGGER companies_count_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION company_counts_track();
--> statement-breakpoint
-- The clients there are already, counted across tenants (the policies would hide them otherwise from
-- a login role that is not a superuser).
SELECT set_config('app.cross_tenant', 'on', true);
--> statement-breakpoint
INSERT INTO company_counts (tenant_id, live) SELECT tenant_id, count(*) FROM companies GROUP BY tenant_id;
--> statement-breakpoint
SELECT set_config('app.cross_tenant', '', true);
