CREATE TABLE "export_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"format" text NOT NULL,
	"protocol" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;