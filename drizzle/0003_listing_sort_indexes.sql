DROP INDEX "real_estates_price_idx";--> statement-breakpoint
DROP INDEX "real_estates_order_idx";--> statement-breakpoint
DROP INDEX "real_estates_created_at_idx";--> statement-breakpoint
CREATE INDEX "real_estates_price_asc_idx" ON "real_estates" USING btree ("price","order","id");--> statement-breakpoint
CREATE INDEX "real_estates_price_desc_idx" ON "real_estates" USING btree ("price" DESC NULLS LAST,"order","id");--> statement-breakpoint
CREATE INDEX "real_estates_order_idx" ON "real_estates" USING btree ("order","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estates_created_at_idx" ON "real_estates" USING btree ("created_at" DESC NULLS FIRST,"id");