CREATE TABLE "revenue_days" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"method" text NOT NULL,
	"country" text NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"credit_notes" integer DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_days_day_product_method_country_vat_rate_pk" PRIMARY KEY("day","product","method","country","vat_rate")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "buyer_country" text;--> statement-breakpoint
-- Documents issued before the reports (issue #30 item 9): the buyer's country as issued (the document's last
-- address line), else as billed now; then the roll-up of every issued invoice (+) and credit note (−).
UPDATE "invoices" i SET "buyer_country" = coalesce(
  CASE WHEN jsonb_array_length(coalesce(i."document"->'buyer'->'address', '[]'::jsonb)) = 3
       THEN i."document"->'buyer'->'address'->>2 END,
  (SELECT b."country" FROM "billing_details" b WHERE b."user_id" = i."user_id"))
WHERE i."number" IS NOT NULL;--> statement-breakpoint
UPDATE "credit_notes" c SET "buyer_country" = i."buyer_country" FROM "invoices" i WHERE i."id" = c."invoice_id";--> statement-breakpoint
INSERT INTO "revenue_days" ("day", "product", "method", "country", "vat_rate", "invoices", "credit_notes", "net_cents", "vat_cents", "total_cents")
SELECT "day", "product", "method", "country", "vat_rate", sum("invoices"), sum("credit_notes"), sum("net_cents"), sum("vat_cents"), sum("total_cents")
FROM (
  SELECT ("paid_at" AT TIME ZONE 'UTC')::date AS "day", "proxy_type" AS "product", "payment_method" AS "method",
         coalesce("buyer_country", '') AS "country", coalesce("vat_rate", 0) AS "vat_rate", 1 AS "invoices", 0 AS "credit_notes",
         coalesce("net_cents", "price_cents") AS "net_cents", coalesce("vat_cents", 0) AS "vat_cents", "price_cents" AS "total_cents"
  FROM "invoices" WHERE "number" IS NOT NULL AND "paid_at" IS NOT NULL
  UNION ALL
  SELECT (c."created_at" AT TIME ZONE 'UTC')::date, i."proxy_type", i."payment_method", coalesce(c."buyer_country", ''), c."vat_rate", 0, 1,
         -c."net_cents", -c."vat_cents", -c."total_cents"
  FROM "credit_notes" c JOIN "invoices" i ON i."id" = c."invoice_id"
) d
GROUP BY "day", "product", "method", "country", "vat_rate";
