-- The unsearched clients list takes a page of ids from this index alone (index-only scan), then reads
-- those rows: title closes the key so that lower(title) needs no heap fetch (decision 021).
DROP INDEX "companies_tenant_title_idx";--> statement-breakpoint
CREATE INDEX "companies_tenant_title_idx" ON "companies" USING btree ("tenant_id",lower("title"),"id","title");