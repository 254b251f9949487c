CREATE TYPE "public"."booking_payment_method" AS ENUM('platform', 'outside');--> statement-breakpoint
CREATE TABLE "measure_links" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"measure_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measure_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_password_or_social";--> statement-breakpoint
DROP INDEX "users_email_live_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "record_of" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" "booking_payment_method" DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_imports" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "measure_links" ADD CONSTRAINT "measure_links_measure_id_measures_identifier_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_links_measure_idx" ON "measure_links" USING btree ("measure_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_record_of_users_identifier_fk" FOREIGN KEY ("record_of") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_record_id_users_identifier_fk" FOREIGN KEY ("record_id") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_record_of_idx" ON "users" USING btree ("record_of") WHERE "users"."record_of" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "client_imports_record_key" ON "client_imports" USING btree ("record_id") WHERE "client_imports"."record_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_key" ON "users" USING btree ("email") WHERE "users"."deleted_at" IS NULL AND "users"."record_of" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_record_no_sign_in" CHECK ("users"."record_of" IS NULL OR ("users"."user_type" = 'client' AND "users"."password_hash" IS NULL AND NOT "users"."is_social"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_password_or_social" CHECK ("users"."password_hash" IS NOT NULL OR "users"."is_social" OR "users"."deleted_at" IS NOT NULL OR "users"."record_of" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_outside_no_money" CHECK ("bookings"."payment_method" <> 'outside' OR "bookings"."price_amount" = 0);--> statement-breakpoint
-- Every import not accepted yet becomes a practice record of its provider (decision 0053).
WITH pending AS (
  SELECT ci.identifier AS import_id, gen_random_uuid() AS record_id, ci.provider_id, ci.email, ci.first_name, ci.last_name, ci.phone_number
    FROM client_imports ci WHERE ci.client_id IS NULL AND ci.record_id IS NULL
), made AS (
  INSERT INTO users (identifier, email, user_type, first_name, last_name, phone_number, record_of)
  SELECT record_id, email, 'client', first_name, last_name, phone_number, provider_id FROM pending
  RETURNING identifier
)
UPDATE client_imports ci SET record_id = p.record_id FROM pending p WHERE ci.identifier = p.import_id AND p.record_id IN (SELECT identifier FROM made);
