CREATE TABLE "plan_usage" (
	"customer_plan_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "granularity" text DEFAULT 'minute' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_customer_plan_id_customer_plans_id_fk" FOREIGN KEY ("customer_plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_roll_up" ON "usage_records" USING btree ("granularity","bucket") WHERE "usage_records"."granularity" <> 'day';--> statement-breakpoint
-- Backfill: each plan's total is what the rule it replaces summed, every usage row of the plan's customer and
-- product from the minute the plan started.
INSERT INTO "plan_usage" ("customer_plan_id", "used_bytes")
SELECT p."id", sum(u."bytes_up" + u."bytes_down")
FROM "customer_plans" p
JOIN "usage_records" u ON u."user_id" = p."user_id" AND u."product_type" = p."product_type"
  AND u."bucket" >= date_trunc('minute', coalesce(p."activated_at", p."created_at"))
GROUP BY p."id";
