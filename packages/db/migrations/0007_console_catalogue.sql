ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_coupon_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_invoice_id_pk" PRIMARY KEY("coupon_id","invoice_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "once_per_customer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "products" text[];--> statement-breakpoint
ALTER TABLE "location_cities" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "location_isps" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_pool" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer" ON "coupon_redemptions" USING btree ("coupon_id","user_id");