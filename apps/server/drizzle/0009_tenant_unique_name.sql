-- Live tenants' names are unique, ignoring case and surrounding spaces. Names already taken twice are
-- told apart first (the later tenant gets ' (2)', ' (3)', ...) so that the index can be built.
UPDATE "tenants" SET "name" = trim("tenants"."name") || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower(trim("name")) ORDER BY "created_at", "id") AS n
  FROM "tenants" WHERE "deleted_at" IS NULL
) d
WHERE d."id" = "tenants"."id" AND d.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_live_name_key" ON "tenants" USING btree (lower(trim("name"))) WHERE "tenants"."deleted_at" is null;
