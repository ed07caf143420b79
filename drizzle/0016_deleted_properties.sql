CREATE TABLE "deleted_real_estates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_bg" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2),
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_real_estates" ADD CONSTRAINT "deleted_real_estates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a deleted property was (issue 30): its /properties/{id} answers 410 like
-- its address, and a favourites list holding it says what it was. Written by
-- the same trigger as its old addresses, so every writer leaves it.
CREATE OR REPLACE FUNCTION real_estates_keep_old_address() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO real_estate_slug_history (location_id, slug, real_estate_id)
      SELECT OLD.location_id, OLD.slug, NULL WHERE EXISTS (SELECT 1 FROM locations WHERE id = OLD.location_id)
      ON CONFLICT (location_id, slug) DO UPDATE SET real_estate_id = NULL, changed_at = now();
    INSERT INTO deleted_real_estates (id, location_id, slug, title, title_bg, price)
      SELECT OLD.id, OLD.location_id, OLD.slug, OLD.title, OLD.title_bg, OLD.price WHERE EXISTS (SELECT 1 FROM locations WHERE id = OLD.location_id)
      ON CONFLICT (id) DO UPDATE SET location_id = EXCLUDED.location_id, slug = EXCLUDED.slug, title = EXCLUDED.title,
        title_bg = EXCLUDED.title_bg, price = EXCLUDED.price, deleted_at = now();
  ELSIF NEW.slug IS DISTINCT FROM OLD.slug OR NEW.location_id IS DISTINCT FROM OLD.location_id THEN
    INSERT INTO real_estate_slug_history (location_id, slug, real_estate_id) VALUES (OLD.location_id, OLD.slug, NEW.id)
      ON CONFLICT (location_id, slug) DO UPDATE SET real_estate_id = EXCLUDED.real_estate_id, changed_at = now();
    DELETE FROM real_estate_slug_history WHERE location_id = NEW.location_id AND slug = NEW.slug;
  END IF;
  RETURN NULL;
END;
$$;
