ALTER TABLE "companies" ADD COLUMN "contacts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "locations_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each client's contacts and locations, kept exact in the same transaction as every insert, delete
-- or move of one, so that a page of the clients list reads them with its rows (decision 021).
-- The triggers run as the caller, under the caller's scope: a contact or location is written in its
-- client's tenant, which is also the scope in which its client's row is visible.
CREATE FUNCTION company_child_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contacts boolean := TG_TABLE_NAME = 'company_contacts';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF contacts THEN
      UPDATE companies SET contacts_count = 0 WHERE contacts_count <> 0;
    ELSE
      UPDATE companies SET locations_count = 0 WHERE locations_count <> 0;
    END IF;
    RETURN NULL;
  END IF;
  -- A row moved to another client (row level, only when company_id changes).
  IF TG_OP = 'UPDATE' THEN
    UPDATE companies c
      SET contacts_count = c.contacts_count + CASE WHEN contacts THEN d.n ELSE 0 END,
          locations_count = c.locations_count + CASE WHEN contacts THEN 0 ELSE d.n END
    FROM (VALUES (OLD.company_id, -1), (NEW.company_id, 1)) d (company_id, n)
    WHERE c.id = d.company_id;
    RETURN NULL;
  END IF;
  -- Rows inserted or deleted (statement level, one update per client however many rows).
  IF TG_OP = 'INSERT' THEN
    UPDATE companies c
      SET contacts_count = c.contacts_count + CASE WHEN contacts THEN d.n ELSE 0 END,
          locations_count = c.locations_count + CASE WHEN contacts THEN 0 ELSE d.n END
    FROM (SELECT company_id, count(*)::int AS n FROM new_rows GROUP BY company_id) d
    WHERE c.id = d.company_id;
  ELSE
    UPDATE companies c
      SET contacts_count = c.contacts_count - CASE WHEN contacts THEN d.n ELSE 0 END,
          locations_count = c.locations_count - CASE WHEN contacts THEN 0 ELSE d.n END
    FROM (SELECT company_id, count(*)::int AS n FROM old_rows GROUP BY company_id) d
    WHERE c.id = d.company_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contacts_count_insert AFTER INSERT ON company_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_contacts_count_delete AFTER DELETE ON company_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_contacts_count_move AFTER UPDATE OF company_id ON company_contacts
  FOR EACH ROW WHEN (OLD.company_id <> NEW.company_id) EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_contacts_count_truncate AFTER TRUNCATE ON company_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_locations_count_insert AFTER INSERT ON company_locations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_locations_count_delete AFTER DELETE ON company_locations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_locations_count_move AFTER UPDATE OF company_id ON company_locations
  FOR EACH ROW WHEN (OLD.company_id <> NEW.company_id) EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
CREATE TRIGGER company_locations_count_truncate AFTER TRUNCATE ON company_locations
  FOR EACH STATEMENT EXECUTE FUNCTION company_child_counts_track();
--> statement-breakpoint
-- The counts of the clients there are already, across tenants (forced row-level security applies to
-- the owner too; as in 0018).
SELECT set_config('app.cross_tenant', 'on', true);
--> statement-breakpoint
UPDATE companies c SET contacts_count = k.n
  FROM (SELECT company_id, count(*)::int AS n FROM company_contacts GROUP BY company_id) k WHERE c.id = k.company_id;
--> statement-breakpoint
UPDATE companies c SET locations_count = l.n
  FROM (SELECT company_id, count(*)::int AS n FROM company_locations GROUP BY company_id) l WHERE c.id = l.company_id;
--> statement-breakpoint
SELECT set_config('app.cross_tenant', '', true);
