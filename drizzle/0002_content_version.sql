-- A counter bumped by every change to what public pages show, so each server
-- copy can tell whether its cached HTML is still current (one cheap read).
CREATE TABLE content_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO content_version (id, version) VALUES (1, 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER locations_bump_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER real_estates_bump_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "real_estates"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
