CREATE TABLE "usage_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_batches_applied" ON "usage_batches" USING btree ("created_at");