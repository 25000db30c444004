ALTER TABLE "tenant_memberships" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_memberships" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_memberships" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "tenant_memberships" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "tenant_memberships" ADD CONSTRAINT "tenant_memberships_team_id_tenant_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."tenant_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_memberships" ADD CONSTRAINT "tenant_memberships_department_id_tenant_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."tenant_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_memberships_team_idx" ON "tenant_memberships" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "tenant_memberships_department_idx" ON "tenant_memberships" USING btree ("department_id");