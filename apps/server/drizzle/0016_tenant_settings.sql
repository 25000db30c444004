CREATE TABLE "tenant_home_content" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"headline" text,
	"logo_media_file" text,
	"logo_media_file320" text,
	"logo_media_file800" text,
	"page_html" text,
	"page_html2" text,
	"description_mobile" text,
	"video_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_home_content" ADD CONSTRAINT "tenant_home_content_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;