CREATE TABLE "location_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_estate_price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "real_estate_price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"real_estate_id" uuid NOT NULL,
	"price" numeric(14, 2),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_estate_slug_history" (
	"location_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"real_estate_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "real_estate_slug_history_location_id_slug_pk" PRIMARY KEY("location_id","slug")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "name_ru_in" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "sea_distance_m" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "sea_line" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "sea_view" boolean;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "floor" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "floors_total" integer;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "construction_stage" text;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "completion_quarter" text;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "maintenance_fee_eur_m2" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "furnished" text;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "pool" boolean;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "parking" boolean;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "plot_area" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "complex_name" text;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "price_per_m2" numeric(14, 2) GENERATED ALWAYS AS (case when price is not null and area > 0 then round(price / area, 2) end) STORED;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "price_reduced_from" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "price_reduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "location_slug_history" ADD CONSTRAINT "location_slug_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_price_history" ADD CONSTRAINT "real_estate_price_history_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_slug_history" ADD CONSTRAINT "real_estate_slug_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_slug_history" ADD CONSTRAINT "real_estate_slug_history_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "real_estate_price_history_property_idx" ON "real_estate_price_history" USING btree ("real_estate_id","changed_at");--> statement-breakpoint
CREATE INDEX "real_estate_slug_history_property_idx" ON "real_estate_slug_history" USING btree ("real_estate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "real_estates_reference_key" ON "real_estates" USING btree ("reference") WHERE "real_estates"."reference" is not null;--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_status_check" CHECK ("real_estates"."status" in ('available', 'reserved', 'sold'));--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_sea_distance_check" CHECK ("real_estates"."sea_distance_m" is null or "real_estates"."sea_distance_m" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_sea_line_check" CHECK ("real_estates"."sea_line" is null or "real_estates"."sea_line" in (1, 2));--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_floor_check" CHECK ("real_estates"."floor" is null or "real_estates"."floor" between -2 and 100);--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_floors_total_check" CHECK ("real_estates"."floors_total" is null or "real_estates"."floors_total" between 1 and 100);--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_stage_check" CHECK ("real_estates"."construction_stage" is null or "real_estates"."construction_stage" in ('act14', 'act15', 'act16'));--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_completion_quarter_check" CHECK ("real_estates"."completion_quarter" is null or "real_estates"."completion_quarter" ~ '^[0-9]{4}-Q[1-4]$');--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_fee_check" CHECK ("real_estates"."maintenance_fee_eur_m2" is null or "real_estates"."maintenance_fee_eur_m2" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_furnished_check" CHECK ("real_estates"."furnished" is null or "real_estates"."furnished" in ('none', 'partly', 'full'));--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_plot_area_check" CHECK ("real_estates"."plot_area" is null or "real_estates"."plot_area" > 0);--> statement-breakpoint
-- The last price reduction, kept by the database whoever writes (issue 20):
-- a cut sets price_reduced_from/at (a further cut within 60 days keeps the
-- first price struck through), a rise or a removed price clears them, and
-- nothing a writer sends to these two columns is kept.
CREATE OR REPLACE FUNCTION real_estates_track_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.price_reduced_from := NULL;
    NEW.price_reduced_at := NULL;
  ELSIF NEW.price IS NOT DISTINCT FROM OLD.price THEN
    NEW.price_reduced_from := OLD.price_reduced_from;
    NEW.price_reduced_at := OLD.price_reduced_at;
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
CREATE TRIGGER real_estates_track_price BEFORE INSERT OR UPDATE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION real_estates_track_price();
--> statement-breakpoint
-- Every price a property has had, with when.
CREATE OR REPLACE FUNCTION real_estates_log_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.price IS DISTINCT FROM OLD.price THEN
    INSERT INTO real_estate_price_history (real_estate_id, price) VALUES (NEW.id, NEW.price);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER real_estates_log_price AFTER INSERT OR UPDATE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION real_estates_log_price();
--> statement-breakpoint
INSERT INTO real_estate_price_history (real_estate_id, price, changed_at) SELECT id, price, created_at FROM real_estates;
--> statement-breakpoint
-- Old addresses (decision 0023): a renamed or moved property's previous
-- address points at it; a deleted property's addresses point at nothing (410).
-- A location deleted with its properties leaves no history (its rows are gone).
CREATE OR REPLACE FUNCTION real_estates_keep_old_address() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO real_estate_slug_history (location_id, slug, real_estate_id)
      SELECT OLD.location_id, OLD.slug, NULL WHERE EXISTS (SELECT 1 FROM locations WHERE id = OLD.location_id)
      ON CONFLICT (location_id, slug) DO UPDATE SET real_estate_id = NULL, changed_at = now();
  ELSIF NEW.slug IS DISTINCT FROM OLD.slug OR NEW.location_id IS DISTINCT FROM OLD.location_id THEN
    INSERT INTO real_estate_slug_history (location_id, slug, real_estate_id) VALUES (OLD.location_id, OLD.slug, NEW.id)
      ON CONFLICT (location_id, slug) DO UPDATE SET real_estate_id = EXCLUDED.real_estate_id, changed_at = now();
    DELETE FROM real_estate_slug_history WHERE location_id = NEW.location_id AND slug = NEW.slug;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER real_estates_keep_old_address AFTER UPDATE OR DELETE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION real_estates_keep_old_address();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_keep_old_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS DISTINCT FROM OLD.slug THEN
    INSERT INTO location_slug_history (slug, location_id) VALUES (OLD.slug, NEW.id)
      ON CONFLICT (slug) DO UPDATE SET location_id = EXCLUDED.location_id, changed_at = now();
    DELETE FROM location_slug_history WHERE slug = NEW.slug;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER locations_keep_old_slug AFTER UPDATE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION locations_keep_old_slug();
--> statement-breakpoint
-- The six default locations' Russian «where» (app/models/locations.server.ts DEFAULT_LOCATIONS).
UPDATE locations SET name_ru_in = v.name_ru_in
  FROM (VALUES ('Созополь', 'в Созополе'), ('Черноморец', 'в Черноморце'), ('Равда', 'в Равде'),
               ('Бургас', 'в Бургасе'), ('Каблешково', 'в Каблешково'), ('Приморско', 'в Приморско')) AS v(name, name_ru_in)
  WHERE locations.name = v.name AND locations.name_ru_in = '';
