ALTER TABLE "audit_log" ADD COLUMN "real_actor_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "record_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_real_actor_id_users_id_fk" FOREIGN KEY ("real_actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
-- The audit trail stays append-only for the app (0008), truncation included.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM atrium_app;
