-- Notification event types become tenant-owned (issue 27, decision 027): every tenant gets its own
-- copy of each platform type, the subscriptions and notifications move to their tenant's copy, and the
-- platform rows go. drizzle-kit's statements, arranged so that the data moves between them: the
-- column is added nullable and made NOT NULL once filled.
ALTER TABLE "notification_event_types" DROP CONSTRAINT "notification_event_types_name_unique";--> statement-breakpoint
ALTER TABLE "notification_subscriptions" DROP CONSTRAINT "notification_subscriptions_event_type_id_notification_event_types_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_type_id_notification_event_types_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_event_types" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
-- The owner moves every tenant's rows past the policies of the two forced tables (as 0030 did).
ALTER TABLE notification_subscriptions NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Every tenant (deleted ones too: their notifications keep pointing at a type) gets each type.
INSERT INTO notification_event_types (tenant_id, name, note)
  SELECT t.id, e.name, e.note FROM tenants t CROSS JOIN notification_event_types e WHERE e.tenant_id IS NULL;
--> statement-breakpoint
UPDATE notification_subscriptions s SET event_type_id = mine.id
  FROM notification_event_types platform, notification_event_types mine
  WHERE platform.id = s.event_type_id AND platform.tenant_id IS NULL
    AND mine.tenant_id = s.tenant_id AND mine.name = platform.name;
--> statement-breakpoint
UPDATE notifications n SET event_type_id = mine.id
  FROM notification_event_types platform, notification_event_types mine
  WHERE platform.id = n.event_type_id AND platform.tenant_id IS NULL
    AND mine.tenant_id = n.tenant_id AND mine.name = platform.name;
--> statement-breakpoint
DELETE FROM notification_event_types WHERE tenant_id IS NULL;
--> statement-breakpoint
ALTER TABLE "notification_event_types" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_event_types" ADD CONSTRAINT "notification_event_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_event_types_tenant_name_key" ON "notification_event_types" USING btree ("tenant_id","name");--> statement-breakpoint
ALTER TABLE "notification_event_types" ADD CONSTRAINT "notification_event_types_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
-- A subscription or notification can only point at a type of its own tenant.
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_tenant_event_type_fk" FOREIGN KEY ("tenant_id","event_type_id") REFERENCES "public"."notification_event_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_event_type_fk" FOREIGN KEY ("tenant_id","event_type_id") REFERENCES "public"."notification_event_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE notification_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- migrate() forces it after the migrations, as for every table drizzle-kit enables it on.
ALTER TABLE "notification_event_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_event_types" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));
