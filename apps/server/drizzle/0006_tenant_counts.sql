-- Live tenants per partner tenant (NULL: run by no partner), so that the tenants list reads its total
-- from a row or two instead of counting every tenant on every page. The trigger below keeps it
-- exact, in the same transaction as the change.
CREATE TABLE "tenant_counts" (
	"partner_tenant_id" uuid,
	"live" integer NOT NULL,
	CONSTRAINT "tenant_counts_partner_key" UNIQUE NULLS NOT DISTINCT("partner_tenant_id")
);
--> statement-breakpoint
CREATE FUNCTION tenant_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tenant_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at
     AND OLD.partner_tenant_id IS NOT DISTINCT FROM NEW.partner_tenant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE tenant_counts SET live = live - 1 WHERE partner_tenant_id IS NOT DISTINCT FROM OLD.partner_tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO tenant_counts (partner_tenant_id, live) VALUES (NEW.partner_tenant_id, 1)
    ON CONFLICT (partner_tenant_id) DO UPDATE SET live = tenant_counts.live + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_count_rows AFTER INSERT OR DELETE OR UPDATE OF deleted_at, partner_tenant_id ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenant_counts_track();
--> statement-breakpoint
CREATE TRIGGER tenants_count_truncate AFTER TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_track();
--> statement-breakpoint
INSERT INTO tenant_counts (partner_tenant_id, live)
  SELECT partner_tenant_id, count(*) FROM tenants WHERE deleted_at IS NULL GROUP BY partner_tenant_id;
