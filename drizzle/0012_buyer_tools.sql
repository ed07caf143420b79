ALTER TABLE "contact_submissions" ADD COLUMN "property_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_property_ids_check" CHECK (cardinality("contact_submissions"."property_ids") <= 30);--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_consent_check" CHECK (("contact_submissions"."consent_version" is null) = ("contact_submissions"."consent_at" is null));