-- Listing search at 100 000 properties (DESIGN §11, docs/decisions/0009):
-- the search words as a stored tsvector with a GIN index instead of a
-- folded text read with LIKE '%…%' (every search read every row), and the
-- four sort indexes repeated after location_id and after property_type.
DROP INDEX "real_estates_type_idx";--> statement-breakpoint
DROP INDEX "real_estates_location_order_idx";--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Long texts (descriptions, search words) go to TOAST whenever a row is
-- written, leaving ~300-byte rows: a search reads its matches' rows, and at
-- 1.7 KB a row (descriptions inline) that was 167 MB at 100 000, now 28 MB.
ALTER TABLE "real_estates" SET (toast_tuple_target = 128);--> statement-breakpoint
-- search_text already holds the four texts case-folded by the application.
-- Emptied in the same pass: every row is rewritten here, and a dropped
-- column's values stay in the rows until they are (a wider table to read).
UPDATE "real_estates" SET "search_vector" = to_tsvector('simple', "search_text"), "search_text" = '';--> statement-breakpoint
ALTER TABLE "real_estates" DROP COLUMN "search_text";--> statement-breakpoint
CREATE INDEX "real_estates_search_idx" ON "real_estates" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "real_estates_location_order_idx" ON "real_estates" USING btree ("location_id","order","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_price_asc_idx" ON "real_estates" USING btree ("location_id","price","order","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_price_desc_idx" ON "real_estates" USING btree ("location_id","price" DESC NULLS LAST,"order","id");--> statement-breakpoint
CREATE INDEX "real_estates_location_created_at_idx" ON "real_estates" USING btree ("location_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "real_estates_type_order_idx" ON "real_estates" USING btree ("property_type","order","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estates_type_price_asc_idx" ON "real_estates" USING btree ("property_type","price","order","id");--> statement-breakpoint
CREATE INDEX "real_estates_type_price_desc_idx" ON "real_estates" USING btree ("property_type","price" DESC NULLS LAST,"order","id");--> statement-breakpoint
CREATE INDEX "real_estates_type_created_at_idx" ON "real_estates" USING btree ("property_type","created_at" DESC NULLS FIRST,"id");
