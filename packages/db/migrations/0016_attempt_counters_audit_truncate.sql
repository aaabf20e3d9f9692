CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_expires" ON "attempt_counters" USING btree ("expires_at");--> statement-breakpoint
-- Custom SQL (issue #28 item 9): TRUNCATE skips the row triggers of 0003, so a statement-level trigger refuses it
-- with the same message. The app's role still owns the table (an owner can drop triggers): ADR 004 gives the
-- grants that keep the trail append-only for real under a separate owner role.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
