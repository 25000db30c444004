CREATE TABLE "user_import_progress" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"step" text NOT NULL,
	"done" integer NOT NULL,
	"total" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "user_import_progress_tenant_id_user_id_import_id_pk" PRIMARY KEY("tenant_id","user_id","import_id")
);
--> statement-breakpoint
ALTER TABLE "user_import_progress" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_import_progress" ADD CONSTRAINT "user_import_progress_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_progress" ADD CONSTRAINT "user_import_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_import_progress" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));