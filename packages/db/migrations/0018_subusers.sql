CREATE TABLE "subusers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"name" text NOT NULL,
	"proxy_username" text NOT NULL,
	"proxy_password" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"limit_bytes" bigint,
	"limit_period" text DEFAULT 'lifetime' NOT NULL,
	"allowed_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"period_used_bytes" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subusers_proxy_username_form" CHECK ("subusers"."proxy_username" ~ '^s[a-z0-9]{11}$'),
	CONSTRAINT "subusers_product" CHECK ("subusers"."product_type" in ('PR_1', 'PR_2', 'PR_3', 'PR_6')),
	CONSTRAINT "subusers_limit_positive" CHECK ("subusers"."limit_bytes" is null or "subusers"."limit_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "subusers" ADD CONSTRAINT "subusers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subusers_proxy_username" ON "subusers" USING btree ("proxy_username");--> statement-breakpoint
CREATE UNIQUE INDEX "subusers_owner_name" ON "subusers" USING btree ("user_id","product_type",lower("name"));--> statement-breakpoint
CREATE INDEX "subusers_owner" ON "subusers" USING btree ("user_id","product_type","created_at");