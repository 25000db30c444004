CREATE TABLE "notification_claims" (
	"user_id" uuid NOT NULL,
	"job" text NOT NULL,
	"period" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_claims_user_id_job_period_pk" PRIMARY KEY("user_id","job","period")
);
--> statement-breakpoint
CREATE TABLE "notification_unread_counts" (
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "notification_unread_counts_user_id_tenant_id_pk" PRIMARY KEY("user_id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notification_claims" ADD CONSTRAINT "notification_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ADD CONSTRAINT "notification_unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ADD CONSTRAINT "notification_unread_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","tenant_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_unread_counts" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
-- Runs as the caller, under the caller's scope: a notification is written, read or deleted in its
-- tenant's scope (or across tenants), which is also the scope of its user's count in that tenant.
CREATE FUNCTION notification_unread_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM notification_unread_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.read_at IS NULL THEN
    UPDATE notification_unread_counts SET unread = unread - 1
      WHERE user_id = OLD.user_id AND tenant_id = OLD.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.read_at IS NULL THEN
    INSERT INTO notification_unread_counts (user_id, tenant_id, unread) VALUES (NEW.user_id, NEW.tenant_id, 1)
    ON CONFLICT (user_id, tenant_id) DO UPDATE SET unread = notification_unread_counts.unread + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_unread_rows AFTER INSERT OR DELETE OR UPDATE OF read_at, user_id, tenant_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION notification_unread_track();
--> statement-breakpoint
CREATE TRIGGER notifications_unread_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_track();
--> statement-breakpoint
-- The unread notifications there are already, counted by the owner past the policies.
ALTER TABLE notifications NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO notification_unread_counts (user_id, tenant_id, unread)
  SELECT user_id, tenant_id, count(*) FROM notifications WHERE read_at IS NULL GROUP BY user_id, tenant_id;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
