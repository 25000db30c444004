-- Every file in the media folder (tenant logos, profile pictures): who uploaded it, when, its size and
-- whether a record shows it. The hourly upload volume per user and the sweep of unsaved uploads read it.
CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referenced" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_key_idx" ON "media_uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_uploads_user_created_idx" ON "media_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_uploads_unreferenced_idx" ON "media_uploads" USING btree ("created_at") WHERE "media_uploads"."referenced" = false and "media_uploads"."removed_at" is null;
