CREATE TABLE "tenant_member_counts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "tenant_member_counts" ADD CONSTRAINT "tenant_member_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tenants list searches and sorts on name_key (lower(name), stored): a search rechecks and sorts
-- its matches without calling lower() for each of them (decision 011). Same indexes as 0002/0003,
-- on the stored key; the trigram index only where pg_trgm can be had, as in 0002.
DROP INDEX IF EXISTS "tenants_live_name_idx";
--> statement-breakpoint
CREATE INDEX "tenants_live_name_idx" ON "tenants" USING btree ("name_key", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      DROP INDEX IF EXISTS tenants_name_trgm_idx;
      CREATE INDEX tenants_name_trgm_idx ON tenants USING gin (name_key gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created (%); tenant search runs without a trigram index', SQLERRM;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- Live members per tenant, kept exact in the same transaction as every change that moves them:
-- memberships added, removed or moved, users soft-deleted or restored, users deleted.
-- Memberships change by statement (setMembers adds many at once): one upsert per statement.
-- The users concerned are locked FOR SHARE first, so that a concurrent soft delete or restore of
-- one of them either waits for this transaction, or has committed before deleted_at is read below
-- (read committed: each statement here sees what committed before it).
CREATE FUNCTION tenant_member_counts_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tenant_member_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM users u WHERE u.id IN (SELECT user_id FROM old_rows) ORDER BY u.id FOR SHARE;
    UPDATE tenant_member_counts c SET live = c.live - d.n
    FROM (SELECT m.tenant_id, count(*)::int AS n FROM old_rows m
          JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY m.tenant_id) d
    WHERE c.tenant_id = d.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM users u WHERE u.id IN (SELECT user_id FROM new_rows) ORDER BY u.id FOR SHARE;
    INSERT INTO tenant_member_counts AS c (tenant_id, live)
      SELECT m.tenant_id, count(*)::int FROM new_rows m
      JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY m.tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET live = c.live + excluded.live;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables takes one event each.
CREATE TRIGGER tenant_memberships_count_insert AFTER INSERT ON tenant_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_counts_memberships();
--> statement-breakpoint
CREATE TRIGGER tenant_memberships_count_delete AFTER DELETE ON tenant_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_counts_memberships();
--> statement-breakpoint
CREATE TRIGGER tenant_memberships_count_update AFTER UPDATE ON tenant_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_counts_memberships();
--> statement-breakpoint
CREATE TRIGGER tenant_memberships_count_truncate AFTER TRUNCATE ON tenant_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_counts_memberships();
--> statement-breakpoint
-- A user soft-deleted or restored leaves or rejoins the count of each of their tenants. A user
-- deleted outright while live leaves it before the cascade removes the memberships: by then the
-- user's row is gone and the memberships' trigger above no longer counts them.
CREATE FUNCTION tenant_member_counts_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := CASE WHEN TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN 1 ELSE -1 END;
  uid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  INSERT INTO tenant_member_counts AS c (tenant_id, live)
    SELECT m.tenant_id, delta FROM tenant_memberships m WHERE m.user_id = uid
  ON CONFLICT (tenant_id) DO UPDATE SET live = c.live + excluded.live;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_member_count_update AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION tenant_member_counts_user();
--> statement-breakpoint
CREATE TRIGGER users_member_count_delete BEFORE DELETE ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION tenant_member_counts_user();
--> statement-breakpoint
INSERT INTO tenant_member_counts (tenant_id, live)
  SELECT m.tenant_id, count(*)::int FROM tenant_memberships m
  JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY m.tenant_id;
