-- The tenants list counts and pages live tenants from the index alone (index-only scans), by name or by date.
CREATE INDEX IF NOT EXISTS "tenants_live_name_idx" ON "tenants" USING btree (lower("name"), "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_live_created_idx" ON "tenants" USING btree ("created_at", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Replaced by the search-first users list: this order index tempted the planner into scanning all users.
DROP INDEX IF EXISTS "users_name_sort_idx";
