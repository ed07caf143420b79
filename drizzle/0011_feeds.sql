ALTER TABLE "locations" ADD COLUMN "homesoverseas_region" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "publish_to_feeds" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "feed_id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "real_estates_feed_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "real_estates_feed_id_key" ON "real_estates" USING btree ("feed_id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_homesoverseas_region_check" CHECK ("locations"."homesoverseas_region" is null or "locations"."homesoverseas_region" between 1 and 1000000);