CREATE TYPE "public"."verification_status" AS ENUM('submitted', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "provider_verifications" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"status" "verification_status" NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_verifications_decided" CHECK (("provider_verifications"."status" = 'submitted') = ("provider_verifications"."decided_at" IS NULL)),
	CONSTRAINT "provider_verifications_reject_note" CHECK ("provider_verifications"."status" <> 'rejected' OR length(btrim("provider_verifications"."note")) > 0),
	CONSTRAINT "provider_verifications_note_length" CHECK ("provider_verifications"."note" IS NULL OR length("provider_verifications"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_decided_by_users_identifier_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_verifications_queue_idx" ON "provider_verifications" USING btree ("submitted_at") WHERE "provider_verifications"."status" = 'submitted';