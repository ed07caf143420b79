CREATE TABLE "complex_slug_history" (
	"slug_column" text DEFAULT 'slug' NOT NULL,
	"location_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"complex_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complex_slug_history_slug_column_location_id_slug_pk" PRIMARY KEY("slug_column","location_id","slug")
);
--> statement-breakpoint
CREATE TABLE "complexes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_bg" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_bg" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"location_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"slug_en" text NOT NULL,
	"developer" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"location_precision" text DEFAULT 'exact' NOT NULL,
	"public_lat" double precision,
	"public_lng" double precision,
	"construction_stage" text,
	"completion_quarter" text,
	"maintenance_fee_eur_m2" numeric(8, 2),
	"sea_distance_m" integer,
	"floors" integer,
	"units_total" integer,
	"facilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complexes_name_not_blank" CHECK (length(btrim("complexes"."name")) > 0),
	CONSTRAINT "complexes_point_check" CHECK (("complexes"."lat" is null) = ("complexes"."lng" is null) and ("complexes"."lat" is null or ("complexes"."lat" between -90 and 90 and "complexes"."lng" between -180 and 180))),
	CONSTRAINT "complexes_precision_check" CHECK ("complexes"."location_precision" in ('exact', 'approximate')),
	CONSTRAINT "complexes_stage_check" CHECK ("complexes"."construction_stage" is null or "complexes"."construction_stage" in ('act14', 'act15', 'act16')),
	CONSTRAINT "complexes_completion_quarter_check" CHECK ("complexes"."completion_quarter" is null or "complexes"."completion_quarter" ~ '^[0-9]{4}-Q[1-4]$'),
	CONSTRAINT "complexes_fee_check" CHECK ("complexes"."maintenance_fee_eur_m2" is null or "complexes"."maintenance_fee_eur_m2" between 0 and 1000),
	CONSTRAINT "complexes_sea_distance_check" CHECK ("complexes"."sea_distance_m" is null or "complexes"."sea_distance_m" between 0 and 100000),
	CONSTRAINT "complexes_floors_check" CHECK ("complexes"."floors" is null or "complexes"."floors" between 1 and 100),
	CONSTRAINT "complexes_units_total_check" CHECK ("complexes"."units_total" is null or "complexes"."units_total" between 1 and 100000),
	CONSTRAINT "complexes_facilities_check" CHECK ("complexes"."facilities" <@ array['pool', 'indoor_pool', 'gym', 'spa', 'security', 'reception', 'restaurant', 'playground', 'parking', 'garage', 'beach_access', 'year_round']::text[]),
	CONSTRAINT "complexes_images_check" CHECK (cardinality("complexes"."images") <= 50)
);
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD COLUMN "complex_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "complex_id" uuid;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "complex_id" uuid;--> statement-breakpoint
ALTER TABLE "complex_slug_history" ADD CONSTRAINT "complex_slug_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_slug_history" ADD CONSTRAINT "complex_slug_history_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complexes" ADD CONSTRAINT "complexes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complex_slug_history_complex_idx" ON "complex_slug_history" USING btree ("complex_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complexes_location_slug_key" ON "complexes" USING btree ("location_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "complexes_location_slug_en_key" ON "complexes" USING btree ("location_id","slug_en");--> statement-breakpoint
CREATE INDEX "complexes_name_idx" ON "complexes" USING btree ("name");--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "real_estates_complex_idx" ON "real_estates" USING btree ("complex_id") WHERE "real_estates"."complex_id" is not null;--> statement-breakpoint
-- Issue 33 (decision 0036): what the database keeps for complexes as for the other tables —
-- updated_at, the change feed, the pages' content version, the public point, old addresses.
CREATE TRIGGER complexes_set_updated_at BEFORE UPDATE ON "complexes"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER complexes_notify_change AFTER INSERT OR UPDATE OR DELETE ON "complexes"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER complexes_notify_truncate AFTER TRUNCATE ON "complexes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_truncate();--> statement-breakpoint
CREATE TRIGGER complexes_bump_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "complexes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
-- Migration 0010's rule reads the row's lat, lng, location_precision and public point by name: a complex has them too.
CREATE TRIGGER complexes_public_point BEFORE INSERT OR UPDATE ON "complexes"
  FOR EACH ROW EXECUTE FUNCTION real_estates_public_point();--> statement-breakpoint
CREATE FUNCTION complexes_keep_old_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb;
  col text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR col IN SELECT k FROM jsonb_object_keys(old_row) AS k WHERE k ~ '^slug(_[a-z]{2})?$' LOOP
      INSERT INTO complex_slug_history (slug_column, location_id, slug, complex_id)
        VALUES (col, OLD.location_id, old_row->>col, NULL)
        ON CONFLICT (slug_column, location_id, slug) DO UPDATE SET complex_id = NULL, changed_at = now();
    END LOOP;
  ELSE
    new_row := to_jsonb(NEW);
    FOR col IN SELECT k FROM jsonb_object_keys(old_row) AS k WHERE k ~ '^slug(_[a-z]{2})?$' LOOP
      IF new_row->>col IS DISTINCT FROM old_row->>col OR NEW.location_id IS DISTINCT FROM OLD.location_id THEN
        INSERT INTO complex_slug_history (slug_column, location_id, slug, complex_id) VALUES (col, OLD.location_id, old_row->>col, NEW.id)
          ON CONFLICT (slug_column, location_id, slug) DO UPDATE SET complex_id = EXCLUDED.complex_id, changed_at = now();
        DELETE FROM complex_slug_history WHERE slug_column = col AND location_id = NEW.location_id AND slug = new_row->>col;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER complexes_keep_old_slug AFTER UPDATE OR DELETE ON "complexes"
  FOR EACH ROW EXECUTE FUNCTION complexes_keep_old_slug();--> statement-breakpoint
-- The free-text complex_name of existing properties becomes complexes: the same name (case and
-- spacing aside) in the same location is one complex, named as most of its units spell it, with
-- addresses made as app/lib/slug.ts makes them (lower-cased here letter by letter: a C-locale
-- PostgreSQL lowers only ASCII), a clash within the location getting -2, -3…
CREATE OR REPLACE FUNCTION pg_temp.complexes_lowered(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(translate(t, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЍ', 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяѝ'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.complexes_complex_key(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_temp.complexes_lowered(regexp_replace(btrim(t), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.complexes_cyrillic_slug(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(regexp_replace(regexp_replace(regexp_replace(pg_temp.complexes_lowered(btrim(t)), '\s+', '-', 'g'), '[^a-z0-9а-яёѝ-]', '', 'g'), '-+', '-', 'g'), '-'), ''), 'object')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.complexes_latin(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(
    replace(replace(replace(replace(replace(replace(replace(replace(
      regexp_replace(t, 'ия($|[^а-яёa-z])', 'ia\1', 'g'),
      'щ', 'sht'), 'ж', 'zh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya'), 'ё', 'yo'),
    'абвгдезийклмнопрстуфхъьыэѝ', 'abvgdeziyklmnoprstufhayyei')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.complexes_latin_slug(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(regexp_replace(regexp_replace(pg_temp.complexes_latin(t), '[^a-z0-9-]', '', 'g'), '-+', '-', 'g'), '-'), ''), 'object')
$$;--> statement-breakpoint
CREATE TEMP TABLE complex_names AS
  SELECT location_id, key, name, gen_random_uuid() AS id,
    pg_temp.complexes_cyrillic_slug(name) AS base, pg_temp.complexes_latin_slug(pg_temp.complexes_cyrillic_slug(name)) AS base_en, created_at
  FROM (
    SELECT DISTINCT ON (location_id, key) location_id, key, btrim(regexp_replace(complex_name, '\s+', ' ', 'g')) AS name, first_at AS created_at
    FROM (
      SELECT location_id, pg_temp.complexes_complex_key(complex_name) AS key, complex_name,
        count(*) OVER (PARTITION BY location_id, pg_temp.complexes_complex_key(complex_name), btrim(regexp_replace(complex_name, '\s+', ' ', 'g'))) AS spelled,
        min(created_at) OVER (PARTITION BY location_id, pg_temp.complexes_complex_key(complex_name)) AS first_at,
        created_at
      FROM real_estates
      WHERE complex_name IS NOT NULL AND btrim(complex_name) <> ''
    ) spellings
    ORDER BY location_id, key, spelled DESC, created_at, complex_name
  ) named;--> statement-breakpoint
INSERT INTO complexes (id, name, location_id, slug, slug_en, created_at)
  SELECT id, left(name, 200), location_id,
    base || CASE WHEN row_number() OVER (PARTITION BY location_id, base ORDER BY created_at, key) > 1
      THEN '-' || row_number() OVER (PARTITION BY location_id, base ORDER BY created_at, key) ELSE '' END,
    base_en || CASE WHEN row_number() OVER (PARTITION BY location_id, base_en ORDER BY created_at, key) > 1
      THEN '-' || row_number() OVER (PARTITION BY location_id, base_en ORDER BY created_at, key) ELSE '' END,
    created_at
  FROM complex_names;--> statement-breakpoint
UPDATE real_estates r SET complex_id = c.id
  FROM complex_names c
  WHERE r.complex_name IS NOT NULL AND r.location_id = c.location_id AND pg_temp.complexes_complex_key(r.complex_name) = c.key;--> statement-breakpoint
-- Every name but a blank one is a link now; a blank one named nothing.
UPDATE real_estates SET complex_name = NULL WHERE complex_id IS NULL AND complex_name IS NOT NULL;--> statement-breakpoint
-- From now on a property's complex_name is its complex's name, whatever a writer sends (the model
-- turns a name sent alone into a link first: app/models/complexes.server.ts complexForName).
CREATE FUNCTION real_estates_complex_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.complex_id IS NULL THEN
    NEW.complex_name := NULL;
  ELSE
    SELECT name INTO NEW.complex_name FROM complexes WHERE id = NEW.complex_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER real_estates_complex_name BEFORE INSERT OR UPDATE OF complex_id, complex_name ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION real_estates_complex_name();--> statement-breakpoint
UPDATE real_estates r SET complex_name = c.name FROM complexes c WHERE r.complex_id = c.id AND r.complex_name IS DISTINCT FROM c.name;--> statement-breakpoint
DROP TABLE complex_names;--> statement-breakpoint
CREATE FUNCTION complexes_rename_units() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE real_estates SET complex_name = NEW.name WHERE complex_id = NEW.id AND complex_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER complexes_rename_units AFTER UPDATE OF name ON "complexes"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION complexes_rename_units();
