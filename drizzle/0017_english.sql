-- Issue 31 (decision 0032): English texts and Latin addresses. Every slug
-- column (slug, slug_en, and any slug_xx a later language adds) keeps its old
-- addresses, told apart by `slug_column`.
ALTER TABLE "location_slug_history" ADD COLUMN "slug_column" text DEFAULT 'slug' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estate_slug_history" ADD COLUMN "slug_column" text DEFAULT 'slug' NOT NULL;--> statement-breakpoint
ALTER TABLE "location_slug_history" DROP CONSTRAINT "location_slug_history_pkey";--> statement-breakpoint
ALTER TABLE "real_estate_slug_history" DROP CONSTRAINT "real_estate_slug_history_location_id_slug_pk";--> statement-breakpoint
ALTER TABLE "location_slug_history" ADD CONSTRAINT "location_slug_history_slug_column_slug_pk" PRIMARY KEY("slug_column","slug");--> statement-breakpoint
ALTER TABLE "real_estate_slug_history" ADD CONSTRAINT "real_estate_slug_history_slug_column_location_id_slug_pk" PRIMARY KEY("slug_column","location_id","slug");--> statement-breakpoint
ALTER TABLE "deleted_real_estates" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "slug_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "slug_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estates" ADD COLUMN "features_en" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The existing rows' Latin addresses: their slug (or a location's Bulgarian name) by Bulgaria's official
-- transliteration, as app/lib/transliterate.ts writes new ones; a rare clash gets -2, -3…
CREATE FUNCTION pg_temp.latin(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(
    replace(replace(replace(replace(replace(replace(replace(replace(
      regexp_replace(lower(t), 'ия($|[^а-яёa-z])', 'ia\1', 'g'),
      'щ', 'sht'), 'ж', 'zh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya'), 'ё', 'yo'),
    'абвгдезийклмнопрстуфхъьыэ', 'abvgdeziyklmnoprstufhayye')
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.latin_slug(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(regexp_replace(regexp_replace(regexp_replace(pg_temp.latin(btrim(t)), '\s+', '-', 'g'), '[^a-z0-9-]', '', 'g'), '-+', '-', 'g'), '-'), ''), 'object')
$$;--> statement-breakpoint
UPDATE "locations" l SET "slug_en" = s.slug FROM (
  SELECT id, base || CASE WHEN n > 1 THEN '-' || n ELSE '' END AS slug FROM (
    SELECT id, base, row_number() OVER (PARTITION BY base ORDER BY "order", created_at, id) AS n FROM (
      SELECT id, "order", created_at, pg_temp.latin_slug(CASE WHEN btrim(name_bg) <> '' THEN name_bg ELSE name END) AS base FROM "locations"
    ) named
  ) numbered
) s WHERE s.id = l.id;--> statement-breakpoint
UPDATE "real_estates" r SET "slug_en" = s.slug FROM (
  SELECT id, base || CASE WHEN n > 1 THEN '-' || n ELSE '' END AS slug FROM (
    SELECT id, base, row_number() OVER (PARTITION BY location_id, base ORDER BY created_at, id) AS n FROM (
      SELECT id, location_id, created_at, pg_temp.latin_slug(slug) AS base FROM "real_estates"
    ) named
  ) numbered
) s WHERE s.id = r.id;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "slug_en" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "real_estates" ALTER COLUMN "slug_en" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_slug_en_key" ON "locations" USING btree ("slug_en");--> statement-breakpoint
CREATE UNIQUE INDEX "real_estates_location_slug_en_key" ON "real_estates" USING btree ("location_id","slug_en");--> statement-breakpoint
ALTER TABLE "alert_subscriptions" DROP CONSTRAINT "alert_subscriptions_lang_check";--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_lang_check" CHECK ("alert_subscriptions"."lang" ~ '^[a-z]{2}$');--> statement-breakpoint
-- Old addresses of every slug column (decision 0023, issue 31): a renamed or moved property's previous
-- addresses point at it; a deleted property's point at nothing (410), and its names are kept.
CREATE OR REPLACE FUNCTION real_estates_keep_old_address() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb;
  col text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM locations WHERE id = OLD.location_id) THEN
      RETURN NULL;
    END IF;
    FOR col IN SELECT k FROM jsonb_object_keys(old_row) AS k WHERE k ~ '^slug(_[a-z]{2})?$' LOOP
      INSERT INTO real_estate_slug_history (slug_column, location_id, slug, real_estate_id)
        VALUES (col, OLD.location_id, old_row->>col, NULL)
        ON CONFLICT (slug_column, location_id, slug) DO UPDATE SET real_estate_id = NULL, changed_at = now();
    END LOOP;
    INSERT INTO deleted_real_estates (id, location_id, slug, title, title_bg, price, names)
      VALUES (OLD.id, OLD.location_id, OLD.slug, OLD.title, OLD.title_bg, OLD.price,
        (SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb) FROM jsonb_each(old_row) AS e(k, v) WHERE k ~ '^(title|slug)(_[a-z]{2})?$'))
      ON CONFLICT (id) DO UPDATE SET location_id = EXCLUDED.location_id, slug = EXCLUDED.slug, title = EXCLUDED.title,
        title_bg = EXCLUDED.title_bg, price = EXCLUDED.price, names = EXCLUDED.names, deleted_at = now();
  ELSE
    new_row := to_jsonb(NEW);
    FOR col IN SELECT k FROM jsonb_object_keys(old_row) AS k WHERE k ~ '^slug(_[a-z]{2})?$' LOOP
      IF new_row->>col IS DISTINCT FROM old_row->>col OR NEW.location_id IS DISTINCT FROM OLD.location_id THEN
        INSERT INTO real_estate_slug_history (slug_column, location_id, slug, real_estate_id) VALUES (col, OLD.location_id, old_row->>col, NEW.id)
          ON CONFLICT (slug_column, location_id, slug) DO UPDATE SET real_estate_id = EXCLUDED.real_estate_id, changed_at = now();
        DELETE FROM real_estate_slug_history WHERE slug_column = col AND location_id = NEW.location_id AND slug = new_row->>col;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_keep_old_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb := to_jsonb(NEW);
  col text;
BEGIN
  FOR col IN SELECT k FROM jsonb_object_keys(old_row) AS k WHERE k ~ '^slug(_[a-z]{2})?$' LOOP
    IF new_row->>col IS DISTINCT FROM old_row->>col THEN
      INSERT INTO location_slug_history (slug_column, slug, location_id) VALUES (col, old_row->>col, NEW.id)
        ON CONFLICT (slug_column, slug) DO UPDATE SET location_id = EXCLUDED.location_id, changed_at = now();
      DELETE FROM location_slug_history WHERE slug_column = col AND slug = new_row->>col;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
