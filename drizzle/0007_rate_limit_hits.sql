CREATE TABLE "rate_limit_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("key","at_ms");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_at_idx" ON "rate_limit_hits" USING btree ("at_ms");