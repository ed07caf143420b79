-- Realtime change feed (DESIGN §9): every row change of the three tables is
-- announced on the channel table_changes, which each server process LISTENs
-- to (PGlite has LISTEN/NOTIFY too). The payload carries only the table, the
-- operation and the row id, never the row: NOTIFY payloads are limited to
-- 8000 bytes, and anyone allowed to LISTEN must not read contents that way.
-- Delivered on commit only; a rolled-back change is never announced.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_id uuid;
BEGIN
  -- NEW is null for DELETE, OLD for INSERT (coalesce(NEW.id, OLD.id)),
  -- written out so that no version has to read a field of an absent row.
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id;
  ELSE
    row_id := NEW.id;
  END IF;
  PERFORM pg_notify('table_changes', json_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'id', row_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE has no rows: one statement-level notice with id null ("reload the table").
CREATE OR REPLACE FUNCTION notify_table_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changes', json_build_object('table', TG_TABLE_NAME, 'type', TG_OP, 'id', NULL)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER locations_notify_change AFTER INSERT OR UPDATE OR DELETE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER real_estates_notify_change AFTER INSERT OR UPDATE OR DELETE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER contact_submissions_notify_change AFTER INSERT OR UPDATE OR DELETE ON "contact_submissions"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER locations_notify_truncate AFTER TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_truncate();
--> statement-breakpoint
CREATE TRIGGER real_estates_notify_truncate AFTER TRUNCATE ON "real_estates"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_truncate();
--> statement-breakpoint
CREATE TRIGGER contact_submissions_notify_truncate AFTER TRUNCATE ON "contact_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_truncate();
