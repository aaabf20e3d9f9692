CREATE TABLE "line_domains" (
	"customer_plan_id" uuid NOT NULL,
	"subuser_id" uuid,
	"day" date NOT NULL,
	"host" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_domains_key" UNIQUE NULLS NOT DISTINCT("customer_plan_id","subuser_id","day","host")
);
--> statement-breakpoint
CREATE TABLE "line_usage" (
	"customer_plan_id" uuid NOT NULL,
	"subuser_id" uuid,
	"granularity" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "line_usage_key" UNIQUE NULLS NOT DISTINCT("customer_plan_id","subuser_id","granularity","bucket")
);
--> statement-breakpoint
ALTER TABLE "subusers" ADD COLUMN "alerted_key" text;--> statement-breakpoint
ALTER TABLE "line_domains" ADD CONSTRAINT "line_domains_customer_plan_id_customer_plans_id_fk" FOREIGN KEY ("customer_plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_domains" ADD CONSTRAINT "line_domains_subuser_id_subusers_id_fk" FOREIGN KEY ("subuser_id") REFERENCES "public"."subusers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_usage" ADD CONSTRAINT "line_usage_customer_plan_id_customer_plans_id_fk" FOREIGN KEY ("customer_plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_usage" ADD CONSTRAINT "line_usage_subuser_id_subusers_id_fk" FOREIGN KEY ("subuser_id") REFERENCES "public"."subusers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_domains_subuser" ON "line_domains" USING btree ("subuser_id","day") WHERE "line_domains"."subuser_id" is not null;--> statement-breakpoint
CREATE INDEX "line_domains_day" ON "line_domains" USING btree ("day");--> statement-breakpoint
CREATE INDEX "line_usage_subuser" ON "line_usage" USING btree ("subuser_id","granularity","bucket") WHERE "line_usage"."subuser_id" is not null;--> statement-breakpoint
CREATE INDEX "line_usage_age" ON "line_usage" USING btree ("granularity","bucket");