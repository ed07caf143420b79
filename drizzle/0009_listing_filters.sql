DROP INDEX "real_estates_order_idx";--> statement-breakpoint
DROP INDEX "real_estates_price_asc_idx";--> statement-breakpoint
DROP INDEX "real_estates_price_desc_idx";--> statement-breakpoint
DROP INDEX "real_estates_created_at_idx";--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "price_reduction" numeric(5, 4) GENERATED ALWAYS AS (case when price_reduced_from > price then round((price_reduced_from - price) / price_reduced_from, 4) end) STORED;--> statement-breakpoint
CREATE INDEX "real_estates_price_m2_asc_idx" ON "real_estates" USING btree ("price_per_m2","order","id","status","location_id","property_type","price","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_price_m2_desc_idx" ON "real_estates" USING btree ("price_per_m2" DESC NULLS LAST,"order","id","status","location_id","property_type","price","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_reduced_idx" ON "real_estates" USING btree ("price_reduction" DESC NULLS LAST,"order","created_at","id","status","location_id","property_type","price","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_stage_idx" ON "real_estates" USING btree ("construction_stage") WHERE "real_estates"."construction_stage" is not null;--> statement-breakpoint
CREATE INDEX "real_estates_price_reduced_at_idx" ON "real_estates" USING btree ("price_reduced_at") WHERE "real_estates"."price_reduced_at" is not null;--> statement-breakpoint
CREATE INDEX "real_estates_order_idx" ON "real_estates" USING btree ("order","created_at","id","status","location_id","property_type","price","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_price_asc_idx" ON "real_estates" USING btree ("price","order","id","status","location_id","property_type","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_price_desc_idx" ON "real_estates" USING btree ("price" DESC NULLS LAST,"order","id","status","location_id","property_type","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
CREATE INDEX "real_estates_created_at_idx" ON "real_estates" USING btree ("created_at" DESC NULLS FIRST,"id","status","location_id","property_type","price","area","bedrooms","sea_distance_m","sea_view","sea_line","construction_stage");--> statement-breakpoint
-- The last price cut (migration 0008) now expires: an update that leaves the
-- price as it is keeps the mark only while it is younger than 60 days
-- (PRICE_REDUCTION_DAYS), so the maintenance job clears old marks by writing
-- them (decision 0024). Everything else is as in 0008.
CREATE OR REPLACE FUNCTION real_estates_track_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.price_reduced_from := NULL;
    NEW.price_reduced_at := NULL;
  ELSIF NEW.price IS NOT DISTINCT FROM OLD.price THEN
    IF OLD.price_reduced_at > now() - interval '60 days' THEN
      NEW.price_reduced_from := OLD.price_reduced_from;
      NEW.price_reduced_at := OLD.price_reduced_at;
    ELSE
      NEW.price_reduced_from := NULL;
      NEW.price_reduced_at := NULL;
    END IF;
  ELSIF OLD.price IS NOT NULL AND NEW.price IS NOT NULL AND NEW.price < OLD.price THEN
    IF OLD.price_reduced_at > now() - interval '60 days' AND OLD.price_reduced_from > OLD.price THEN
      NEW.price_reduced_from := OLD.price_reduced_from;
    ELSE
      NEW.price_reduced_from := OLD.price;
    END IF;
    NEW.price_reduced_at := now();
  ELSE
    NEW.price_reduced_from := NULL;
    NEW.price_reduced_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- updated_at stays as it was for housekeeping that is not an edit (the
-- maintenance job expiring price-cut marks sets seaside.housekeeping for its
-- transaction); every other UPDATE stamps it as before (0001).
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('seaside.housekeeping', true) = 'on' THEN
    NEW.updated_at := OLD.updated_at;
  ELSE
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
