-- Counting a tenant's live members subtracts its deleted ones through this small index (tenants list).
CREATE INDEX IF NOT EXISTS "users_deleted_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;
