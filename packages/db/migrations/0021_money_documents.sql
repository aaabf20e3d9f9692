CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"total_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"vat_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "shop_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seller_name" text,
	"seller_address" text,
	"vat_number" text,
	"registration_number" text,
	"email" text,
	"support_url" text,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"footer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_identity_one_row" CHECK ("shop_identity"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice" ON "credit_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_created" ON "credit_notes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_unique" UNIQUE("number");--> statement-breakpoint
-- Invoices paid before numbers existed get theirs now, in the order they were paid, one series per UTC year (ADR 015);
-- their documents are written at the next start (backfillInvoiceDocuments), with the shop's identity as it is then.
WITH numbered AS (
	SELECT "id",
		extract(year FROM coalesce("paid_at", "created_at") AT TIME ZONE 'UTC')::int AS "year",
		row_number() OVER (
			PARTITION BY extract(year FROM coalesce("paid_at", "created_at") AT TIME ZONE 'UTC')
			ORDER BY coalesce("paid_at", "created_at"), "id"
		) AS "n"
	FROM "invoices" WHERE "paid"
)
UPDATE "invoices" SET
	"number" = 'INV-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0'),
	"net_cents" = "invoices"."price_cents", "vat_rate" = 0, "vat_cents" = 0
FROM numbered WHERE "invoices"."id" = numbered."id";
--> statement-breakpoint
INSERT INTO "document_counters" ("series", "year", "last")
SELECT 'invoice', extract(year FROM coalesce("paid_at", "created_at") AT TIME ZONE 'UTC')::int, count(*)
FROM "invoices" WHERE "paid"
GROUP BY 2;
