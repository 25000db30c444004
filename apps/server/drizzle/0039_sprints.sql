CREATE TABLE "collaboration_votes" (
	"tenant_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaboration_votes_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "collaboration_votes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "collaboration_comments_idea_idx";--> statement-breakpoint
DROP INDEX "collaboration_ideas_collaboration_idx";--> statement-breakpoint
DROP INDEX "collaborations_tenant_idx";--> statement-breakpoint
ALTER TABLE "collaboration_comments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD COLUMN "votes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_ideas" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "members_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "ideas_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaborations" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_votes" ADD CONSTRAINT "collaboration_votes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_votes" ADD CONSTRAINT "collaboration_votes_idea_id_collaboration_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."collaboration_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_votes" ADD CONSTRAINT "collaboration_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_votes_user_idx" ON "collaboration_votes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "collaborations" ADD CONSTRAINT "collaborations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_comments_idea_created_idx" ON "collaboration_comments" USING btree ("idea_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collaboration_ideas_newest_idx" ON "collaboration_ideas" USING btree ("collaboration_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collaboration_ideas_votes_idx" ON "collaboration_ideas" USING btree ("collaboration_id","votes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collaboration_ideas_comments_idx" ON "collaboration_ideas" USING btree ("collaboration_id","comments_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collaboration_ideas_tags_idx" ON "collaboration_ideas" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "collaborations_tenant_created_idx" ON "collaborations" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "collaboration_votes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
-- The kept counts of the collaborations and ideas already there (the demo's), counted by the owner past
-- the forced policies (as 0035 did); migrate() forces them again afterwards.
ALTER TABLE collaborations NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE collaboration_members NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE collaboration_ideas NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE collaboration_comments NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "collaborations" c SET
  "members_count" = (SELECT count(*) FROM "collaboration_members" m WHERE m.collaboration_id = c.id),
  "ideas_count" = (SELECT count(*) FROM "collaboration_ideas" i WHERE i.collaboration_id = c.id),
  "comments_count" = (SELECT count(*) FROM "collaboration_comments" x
    JOIN "collaboration_ideas" i ON i.id = x.idea_id WHERE i.collaboration_id = c.id);--> statement-breakpoint
UPDATE "collaboration_ideas" i SET
  "comments_count" = (SELECT count(*) FROM "collaboration_comments" x WHERE x.idea_id = i.id);
