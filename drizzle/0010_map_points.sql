ALTER TABLE "locations" ADD COLUMN "map_lat" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "map_lng" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "map_zoom" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "location_precision" text DEFAULT 'exact' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "public_lat" double precision;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "public_lng" double precision;--> statement-breakpoint
CREATE INDEX "real_estates_public_point_idx" ON "real_estates" USING btree ("public_lat","public_lng") WHERE "real_estates"."public_lat" is not null;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_map_check" CHECK (("locations"."map_lat" is null) = ("locations"."map_lng" is null) and ("locations"."map_lat" is null or ("locations"."map_lat" between -90 and 90 and "locations"."map_lng" between -180 and 180)));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_map_zoom_check" CHECK ("locations"."map_zoom" is null or "locations"."map_zoom" between 1 and 19);--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_point_check" CHECK (("real_estates"."lat" is null) = ("real_estates"."lng" is null) and ("real_estates"."lat" is null or ("real_estates"."lat" between -90 and 90 and "real_estates"."lng" between -180 and 180)));--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_precision_check" CHECK ("real_estates"."location_precision" in ('exact', 'approximate'));--> statement-breakpoint
-- The point visitors see (decision 0025): the real one when exact; for an
-- approximate one a point 100–250 m away in a random direction, drawn again
-- only when the point or its precision changes, so it stays put between saves
-- and averaging page views teaches nothing. Writers cannot set it.
CREATE OR REPLACE FUNCTION real_estates_public_point() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  distance double precision;
  bearing double precision;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.lat IS NOT DISTINCT FROM OLD.lat AND NEW.lng IS NOT DISTINCT FROM OLD.lng
     AND NEW.location_precision = OLD.location_precision THEN
    NEW.public_lat := OLD.public_lat;
    NEW.public_lng := OLD.public_lng;
  ELSIF NEW.lat IS NULL OR NEW.lng IS NULL THEN
    NEW.public_lat := NULL;
    NEW.public_lng := NULL;
  ELSIF NEW.location_precision = 'exact' THEN
    NEW.public_lat := NEW.lat;
    NEW.public_lng := NEW.lng;
  ELSE
    distance := 100 + random() * 150;
    bearing := random() * 2 * pi();
    NEW.public_lat := least(90, greatest(-90, round((NEW.lat + distance * cos(bearing) / 111320)::numeric, 6)));
    NEW.public_lng := least(180, greatest(-180,
      round((NEW.lng + distance * sin(bearing) / (111320 * greatest(cos(radians(NEW.lat)), 0.01)))::numeric, 6)));
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER real_estates_public_point BEFORE INSERT OR UPDATE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION real_estates_public_point();
--> statement-breakpoint
-- The six default locations' map views (app/models/locations.server.ts DEFAULT_LOCATIONS).
UPDATE locations SET map_lat = v.lat, map_lng = v.lng, map_zoom = v.zoom
  FROM (VALUES ('Созополь', 42.4175, 27.6960, 14), ('Черноморец', 42.4445, 27.6395, 15), ('Равда', 42.6415, 27.6790, 15),
               ('Бургас', 42.5000, 27.4700, 13), ('Каблешково', 42.6530, 27.5690, 15), ('Приморско', 42.2670, 27.7580, 14))
       AS v(name, lat, lng, zoom)
  WHERE locations.name = v.name AND locations.map_lat IS NULL;
