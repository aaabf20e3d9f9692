CREATE TABLE "fair_use_maximums" (
	"product_type" text PRIMARY KEY NOT NULL,
	"max_sources" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"max_connections" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fair_use_sources" (
	"credential" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"subuser_id" uuid,
	"address" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "fair_use_sources_credential_address_pk" PRIMARY KEY("credential","address")
);
--> statement-breakpoint
CREATE TABLE "owner_fair_use" (
	"user_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"max_sources" integer,
	"max_connections" integer,
	CONSTRAINT "owner_fair_use_user_id_product_type_pk" PRIMARY KEY("user_id","product_type")
);
--> statement-breakpoint
ALTER TABLE "subusers" ADD COLUMN "max_sources" integer;--> statement-breakpoint
ALTER TABLE "subusers" ADD COLUMN "max_connections" integer;--> statement-breakpoint
ALTER TABLE "fair_use_sources" ADD CONSTRAINT "fair_use_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_use_sources" ADD CONSTRAINT "fair_use_sources_subuser_id_subusers_id_fk" FOREIGN KEY ("subuser_id") REFERENCES "public"."subusers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_fair_use" ADD CONSTRAINT "owner_fair_use_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;