-- The four listing sort indexes after location_id and property_type together
-- (a location page's type buttons, docs/decisions/0009): with only the
-- location's index, a search for houses of a location by price walked past
-- every cheaper flat of that location (8 277 rows for 46 houses at 100 000).
CREATE INDEX "real_estates_location_type_order_idx" ON "real_estates" USING btree ("location_id","property_type","order","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_type_price_asc_idx" ON "real_estates" USING btree ("location_id","property_type","price","order","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_type_price_desc_idx" ON "real_estates" USING btree ("location_id","property_type","price" DESC NULLS LAST,"order","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_type_created_at_idx" ON "real_estates" USING btree ("location_id","property_type","created_at" DESC NULLS FIRST,"id");