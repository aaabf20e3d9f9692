DROP INDEX "balance_ledger_invoice";--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN "entry" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "referral_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "auto_renew_failed_for" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_invoice_entry" ON "balance_ledger" USING btree ("invoice_id","entry");--> statement-breakpoint
CREATE INDEX "invoices_unpaid_open" ON "invoices" USING btree ("created_at") WHERE "invoices"."paid" = false and "invoices"."expired_at" is null;