CREATE TABLE "vat_rates" (
	"country_code" text PRIMARY KEY NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_check" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_note" text;