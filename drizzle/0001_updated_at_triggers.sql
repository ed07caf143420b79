-- updated_at is the database's job (DESIGN §4): every UPDATE stamps it, whoever runs it.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER locations_set_updated_at BEFORE UPDATE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
--> statement-breakpoint
CREATE TRIGGER real_estates_set_updated_at BEFORE UPDATE ON "real_estates"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
--> statement-breakpoint
CREATE TRIGGER admins_set_updated_at BEFORE UPDATE ON "admins"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
