CREATE TABLE "plan_usage_days" (
	"customer_plan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_usage_days_customer_plan_id_day_pk" PRIMARY KEY("customer_plan_id","day")
);
--> statement-breakpoint
ALTER TABLE "plan_usage_days" ADD CONSTRAINT "plan_usage_days_customer_plan_id_customer_plans_id_fk" FOREIGN KEY ("customer_plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: what plans used before this table existed is not known by day; it shows on one day (today, or the
-- plan's last day if it has ended), so that every plan's days still add up to its running total.
INSERT INTO "plan_usage_days" ("customer_plan_id", "day", "bytes")
SELECT pu."customer_plan_id",
  least((now() AT TIME ZONE 'UTC')::date, coalesce((cp."expires_at" AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date)),
  pu."used_bytes"
FROM "plan_usage" pu JOIN "customer_plans" cp ON cp."id" = pu."customer_plan_id"
WHERE pu."used_bytes" > 0;
