CREATE TABLE "idempotent_requests" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP INDEX "balance_ledger_invoice_entry";--> statement-breakpoint
CREATE INDEX "idempotent_requests_created" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_invoice_payment" ON "balance_ledger" USING btree ("invoice_id") WHERE "balance_ledger"."entry" = 'payment';