CREATE TABLE "usage_days" (
	"user_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"day" date NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_days_user_id_product_type_day_pk" PRIMARY KEY("user_id","product_type","day")
);
--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_days_day" ON "usage_days" USING btree ("day");--> statement-breakpoint
-- Backfill: each customer's product per UTC day, from every row the roll-up has kept (it never crosses a day).
INSERT INTO "usage_days" ("user_id", "product_type", "day", "bytes_up", "bytes_down")
SELECT "user_id", "product_type", ("bucket" AT TIME ZONE 'UTC')::date, sum("bytes_up"), sum("bytes_down")
FROM "usage_records" GROUP BY 1, 2, 3;
