-- A tenant's document types are unique by name, ignoring case and surrounding spaces. Names already
-- taken twice are told apart first (a system type keeps its name; the later ones get ' (2)', ' (3)',
-- ...) so that the index can be built. (drizzle-kit also offered the row-level security and policies
-- that migrations 0011-0017 and 0022 made by hand; they exist, so only the index change is here.)
UPDATE "document_types" SET "name" = trim("document_types"."name") || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "tenant_id", lower(trim("name")) ORDER BY "is_system" DESC, "created_at", "id"
  ) AS n
  FROM "document_types"
) d
WHERE d."id" = "document_types"."id" AND d.n > 1;
--> statement-breakpoint
DROP INDEX "document_types_tenant_system_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_tenant_name_key" ON "document_types" USING btree ("tenant_id",lower(trim("name")));
