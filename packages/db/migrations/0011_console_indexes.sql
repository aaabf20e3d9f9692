CREATE INDEX "users_username_prefix" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_created" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_method_created" ON "invoices" USING btree ("payment_method","created_at");--> statement-breakpoint
CREATE INDEX "invoices_product_created" ON "invoices" USING btree ("proxy_type","created_at");--> statement-breakpoint
CREATE INDEX "invoices_flagged" ON "invoices" USING btree ("created_at") WHERE "invoices"."flag" is not null;--> statement-breakpoint
CREATE INDEX "invoices_paid_at" ON "invoices" USING btree ("paid_at") WHERE "invoices"."paid";--> statement-breakpoint
CREATE INDEX "whitelisted_ips_ip" ON "whitelisted_ips" USING btree ("ip");