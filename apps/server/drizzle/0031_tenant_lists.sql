CREATE TABLE "collaboration_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "collaboration_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"collaboration_id" uuid NOT NULL,
	"author_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "collaboration_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"collaboration_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "collaborations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaborations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "checklist_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"standard_checklist_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checklist_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "standard_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"standard_checklist_id" uuid NOT NULL,
	"title" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standard_checklist_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "standard_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standard_checklists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_departments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_folders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "collaboration_comments" ADD CONSTRAINT "collaboration_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_comments" ADD CONSTRAINT "collaboration_comments_idea_id_collaboration_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."collaboration_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_comments" ADD CONSTRAINT "collaboration_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD CONSTRAINT "collaboration_ideas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD CONSTRAINT "collaboration_ideas_collaboration_id_collaborations_id_fk" FOREIGN KEY ("collaboration_id") REFERENCES "public"."collaborations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD CONSTRAINT "collaboration_ideas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_members" ADD CONSTRAINT "collaboration_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_members" ADD CONSTRAINT "collaboration_members_collaboration_id_collaborations_id_fk" FOREIGN KEY ("collaboration_id") REFERENCES "public"."collaborations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_members" ADD CONSTRAINT "collaboration_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborations" ADD CONSTRAINT "collaborations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_assignments" ADD CONSTRAINT "checklist_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_assignments" ADD CONSTRAINT "checklist_assignments_standard_checklist_id_standard_checklists_id_fk" FOREIGN KEY ("standard_checklist_id") REFERENCES "public"."standard_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_assignments" ADD CONSTRAINT "checklist_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_checklist_items" ADD CONSTRAINT "standard_checklist_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_checklist_items" ADD CONSTRAINT "standard_checklist_items_standard_checklist_id_standard_checklists_id_fk" FOREIGN KEY ("standard_checklist_id") REFERENCES "public"."standard_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_checklists" ADD CONSTRAINT "standard_checklists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_departments" ADD CONSTRAINT "tenant_departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_folders" ADD CONSTRAINT "tenant_folders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_tags" ADD CONSTRAINT "tenant_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_teams" ADD CONSTRAINT "tenant_teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_comments_idea_idx" ON "collaboration_comments" USING btree ("idea_id");--> statement-breakpoint
CREATE INDEX "collaboration_ideas_collaboration_idx" ON "collaboration_ideas" USING btree ("collaboration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collaboration_members_collaboration_user_key" ON "collaboration_members" USING btree ("collaboration_id","user_id");--> statement-breakpoint
CREATE INDEX "collaboration_members_user_idx" ON "collaboration_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collaborations_tenant_idx" ON "collaborations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "checklist_assignments_checklist_idx" ON "checklist_assignments" USING btree ("standard_checklist_id");--> statement-breakpoint
CREATE INDEX "checklist_assignments_user_idx" ON "checklist_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "standard_checklist_items_checklist_idx" ON "standard_checklist_items" USING btree ("standard_checklist_id","order");--> statement-breakpoint
CREATE INDEX "standard_checklists_tenant_idx" ON "standard_checklists" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_departments_tenant_name_key" ON "tenant_departments" USING btree ("tenant_id",lower(trim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_folders_tenant_item_name_key" ON "tenant_folders" USING btree ("tenant_id",lower(trim("item_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_tags_tenant_title_key" ON "tenant_tags" USING btree ("tenant_id",lower(trim("title")));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_teams_tenant_name_key" ON "tenant_teams" USING btree ("tenant_id",lower(trim("name")));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "collaboration_comments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "collaboration_ideas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "collaboration_members" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "collaborations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "checklist_assignments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "standard_checklist_items" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "standard_checklists" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_departments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_folders" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_tags" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_teams" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));