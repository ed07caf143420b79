CREATE TABLE "agent_card" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_card_one_row" CHECK ("agent_card"."id" = 1),
	CONSTRAINT "agent_card_languages_check" CHECK (cardinality("agent_card"."languages") <= 20)
);
--> statement-breakpoint
-- ===== Custom SQL (agent card, issue 22): re-append after regenerating this migration =====
-- The card is on the home and property pages: a change bumps the content version, so cached pages go stale (decision 0004).
CREATE TRIGGER agent_card_bump_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agent_card"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER agent_card_set_updated_at BEFORE UPDATE ON "agent_card"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
-- ===== End of custom SQL =====
