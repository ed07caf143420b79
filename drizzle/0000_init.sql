CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"property_id" uuid,
	"isread" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_bg" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_name_not_blank" CHECK (length(btrim("locations"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "real_estates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_bg" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"description_bg" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2),
	"area" numeric(10, 2),
	"location_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"property_type" text DEFAULT 'apartment' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"bedrooms" integer,
	"bathrooms" integer,
	"year_built" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"features_bg" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "real_estates_title_not_blank" CHECK (length(btrim("real_estates"."title")) > 0),
	CONSTRAINT "real_estates_type_check" CHECK ("real_estates"."property_type" in ('apartment', 'house')),
	CONSTRAINT "real_estates_price_check" CHECK ("real_estates"."price" is null or "real_estates"."price" >= 0),
	CONSTRAINT "real_estates_area_check" CHECK ("real_estates"."area" is null or "real_estates"."area" > 0),
	CONSTRAINT "real_estates_bedrooms_check" CHECK ("real_estates"."bedrooms" is null or "real_estates"."bedrooms" between 0 and 100),
	CONSTRAINT "real_estates_bathrooms_check" CHECK ("real_estates"."bathrooms" is null or "real_estates"."bathrooms" between 0 and 100),
	CONSTRAINT "real_estates_year_built_check" CHECK ("real_estates"."year_built" is null or "real_estates"."year_built" between 1800 and 2100)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_property_id_real_estates_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estates" ADD CONSTRAINT "real_estates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_key" ON "admins" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_at_idx" ON "contact_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_unread_idx" ON "contact_submissions" USING btree ("isread") WHERE "contact_submissions"."isread" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_slug_key" ON "locations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "locations_order_idx" ON "locations" USING btree ("order");--> statement-breakpoint
CREATE UNIQUE INDEX "real_estates_location_slug_key" ON "real_estates" USING btree ("location_id","slug");--> statement-breakpoint
CREATE INDEX "real_estates_location_order_idx" ON "real_estates" USING btree ("location_id","order");--> statement-breakpoint
CREATE INDEX "real_estates_order_idx" ON "real_estates" USING btree ("order","created_at");--> statement-breakpoint
CREATE INDEX "real_estates_price_idx" ON "real_estates" USING btree ("price");--> statement-breakpoint
CREATE INDEX "real_estates_created_at_idx" ON "real_estates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "real_estates_type_idx" ON "real_estates" USING btree ("property_type");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");