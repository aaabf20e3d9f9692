CREATE TABLE "webhook_refusals" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_reason" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_refusals_day_provider_pk" PRIMARY KEY("day","provider")
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_user_created" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_state_created" ON "mail_outbox" USING btree ("state","created_at");