CREATE TABLE "subuser_deletions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "subusers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fair_use_sources" ADD CONSTRAINT "fair_use_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_use_sources" ADD CONSTRAINT "fair_use_sources_subuser_id_subusers_id_fk" FOREIGN KEY ("subuser_id") REFERENCES "public"."subusers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_fair_use" ADD CONSTRAINT "owner_fair_use_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subuser_deletions_at" ON "subuser_deletions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "subusers_updated" ON "subusers" USING btree ("updated_at");--> statement-breakpoint
-- Every write of a sub-user stamps `updated_at` with the clock (not the transaction's start) and every deletion is
-- logged, so that the gateway re-reads only what changed since its last snapshot (ADR 018). Triggers, so that no
-- write path (the API's, the metering's, a hand-written update) can forget it.
CREATE FUNCTION "subusers_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subusers_touch" BEFORE INSERT OR UPDATE ON "subusers"
  FOR EACH ROW EXECUTE FUNCTION "subusers_touch"();--> statement-breakpoint
CREATE FUNCTION "subusers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "subuser_deletions" ("id", "deleted_at") VALUES (OLD."id", clock_timestamp())
    ON CONFLICT ("id") DO UPDATE SET "deleted_at" = excluded."deleted_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subusers_deleted" AFTER DELETE ON "subusers"
  FOR EACH ROW EXECUTE FUNCTION "subusers_deleted"();
