-- At most one of a tenant's mail settings carries its system mails. Two saves at once could both keep
-- the flag before; where that happened, the newest keeps it. The owner reaches every tenant's rows past
-- the policy (migrate() forces it again afterwards, as for 0030 and 0035).
ALTER TABLE mail_settings NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "mail_settings" m SET "use_for_system_mails" = false
WHERE m."use_for_system_mails" AND EXISTS (
  SELECT 1 FROM "mail_settings" o
  WHERE o."tenant_id" = m."tenant_id" AND o."use_for_system_mails" AND (o."created_at", o."id") > (m."created_at", m."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_settings_system_idx" ON "mail_settings" USING btree ("tenant_id") WHERE "mail_settings"."use_for_system_mails";
