CREATE TABLE "alert_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"real_estate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_items" (
	"subscription_id" uuid NOT NULL,
	"real_estate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(14, 2),
	"pending" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_items_subscription_id_real_estate_id_pk" PRIMARY KEY("subscription_id","real_estate_id")
);
--> statement-breakpoint
CREATE TABLE "alert_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"frequency" text NOT NULL,
	"query" text NOT NULL,
	"location_id" uuid,
	"property_type" text,
	"price_min" integer,
	"price_max" integer,
	"area_min" integer,
	"area_max" integer,
	"bedrooms_min" integer,
	"sea_distance_max" integer,
	"sea_view" boolean DEFAULT false NOT NULL,
	"sea_line" boolean DEFAULT false NOT NULL,
	"stage" text,
	"status" text DEFAULT 'available' NOT NULL,
	"search_query" "tsquery",
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"digest_at" timestamp with time zone,
	CONSTRAINT "alert_subscriptions_lang_check" CHECK ("alert_subscriptions"."lang" in ('ru', 'bg')),
	CONSTRAINT "alert_subscriptions_frequency_check" CHECK ("alert_subscriptions"."frequency" in ('instant', 'daily')),
	CONSTRAINT "alert_subscriptions_email_check" CHECK (length("alert_subscriptions"."email") <= 254 and "alert_subscriptions"."email" !~ '[[:cntrl:]]'),
	CONSTRAINT "alert_subscriptions_query_check" CHECK (length("alert_subscriptions"."query") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "alert_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_changes" ADD CONSTRAINT "alert_changes_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mails" ADD CONSTRAINT "alert_mails_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_tokens" ADD CONSTRAINT "alert_tokens_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_items_pending_idx" ON "alert_items" USING btree ("subscription_id") WHERE "alert_items"."pending";--> statement-breakpoint
CREATE INDEX "alert_mails_due_idx" ON "alert_mails" USING btree ("next_attempt_at") WHERE "alert_mails"."sent_at" is null and "alert_mails"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_mails_subscription_idx" ON "alert_mails" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_email_query_key" ON "alert_subscriptions" USING btree (lower("email"),"query");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_location_idx" ON "alert_subscriptions" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_unconfirmed_idx" ON "alert_subscriptions" USING btree ("created_at") WHERE "alert_subscriptions"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_confirmed_idx" ON "alert_subscriptions" USING btree ("confirmed_at") WHERE "alert_subscriptions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "alert_tokens_subscription_idx" ON "alert_tokens" USING btree ("subscription_id");--> statement-breakpoint
-- ==== custom SQL (issue 22 alerts, decision 0029): re-append after regenerating ====
-- A property added, or its price lowered, is queued for the alert matcher in the
-- writer's own transaction (nothing lost, nothing seen before it commits); only
-- while some subscription is confirmed, so imports cost nothing on a site without.
CREATE FUNCTION alert_changes_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM alert_subscriptions WHERE confirmed_at IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alert_changes (real_estate_id, kind) VALUES (NEW.id, 'new');
  ELSIF NEW.price IS NOT NULL AND OLD.price IS NOT NULL AND NEW.price < OLD.price THEN
    INSERT INTO alert_changes (real_estate_id, kind) VALUES (NEW.id, 'price_drop');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER real_estates_alert_changes AFTER INSERT OR UPDATE OF price ON real_estates
  FOR EACH ROW EXECUTE FUNCTION alert_changes_capture();
-- ==== end of custom SQL ====
