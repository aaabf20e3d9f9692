CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"replacement_quota_percent" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_quota_percent" CHECK ("shop_settings"."replacement_quota_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "address_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_plan_id" uuid NOT NULL,
	"old_pool_id" uuid,
	"old_endpoint" text NOT NULL,
	"new_pool_id" uuid,
	"new_endpoint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxy_pool" ADD COLUMN "cooling_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "address_replacements" ADD CONSTRAINT "address_replacements_customer_plan_id_customer_plans_id_fk" FOREIGN KEY ("customer_plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_replacements" ADD CONSTRAINT "address_replacements_old_pool_id_proxy_pool_id_fk" FOREIGN KEY ("old_pool_id") REFERENCES "public"."proxy_pool"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_replacements" ADD CONSTRAINT "address_replacements_new_pool_id_proxy_pool_id_fk" FOREIGN KEY ("new_pool_id") REFERENCES "public"."proxy_pool"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_replacements_plan" ON "address_replacements" USING btree ("customer_plan_id","created_at");