CREATE TABLE "email_templates" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"email_template" text NOT NULL,
	"footer_text" text,
	"background_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"ms_graph_tenant_id" text NOT NULL,
	"ms_graph_client_id" text NOT NULL,
	"ms_graph_client_secret_sealed" text NOT NULL,
	"ms_graph_sender_id" text,
	"ms_graph_from_mail" text NOT NULL,
	"use_for_system_mails" boolean DEFAULT false NOT NULL,
	"custom_business_card" boolean DEFAULT false NOT NULL,
	"custom_business_card_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_settings_tenant_idx" ON "mail_settings" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "email_templates" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mail_settings" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())) WITH CHECK (tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant()));