CREATE TYPE "public"."license_state_review" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."document_review" AS ENUM('pending', 'approved', 'rejected', 'expired');--> statement-breakpoint
CREATE TYPE "public"."verification_decision_kind" AS ENUM('approved', 'rejected', 'changes_approved', 'changes_rejected', 'suspended', 'reinstated');--> statement-breakpoint
ALTER TYPE "public"."verification_status" ADD VALUE 'suspended';--> statement-breakpoint
CREATE TABLE "verification_decisions" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"operator_id" uuid,
	"kind" "verification_decision_kind" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_decisions_note_length" CHECK ("verification_decisions"."note" IS NULL OR length("verification_decisions"."note") <= 2000),
	CONSTRAINT "verification_decisions_reason" CHECK ("verification_decisions"."kind" NOT IN ('rejected', 'changes_rejected', 'suspended') OR length(btrim("verification_decisions"."note")) > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_verifications" DROP CONSTRAINT "provider_verifications_reject_note";--> statement-breakpoint
ALTER TABLE "insurance_files" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD COLUMN "review" "document_review" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD COLUMN "reminded_days" smallint;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "state_id" uuid;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "review" "document_review" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "reminded_days" smallint;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD COLUMN "review" "license_state_review" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_operator_id_users_identifier_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_decisions_provider_idx" ON "verification_decisions" USING btree ("provider_id","created_at");--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_state_id_states_identifier_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD CONSTRAINT "insurance_files_reminded" CHECK ("insurance_files"."reminded_days" IS NULL OR "insurance_files"."reminded_days" IN (30, 7));--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_state_licence" CHECK ("qualifications"."state_id" IS NULL OR "qualifications"."kind" = 'license');--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_reminded" CHECK ("qualifications"."reminded_days" IS NULL OR "qualifications"."reminded_days" IN (30, 7));--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_reject_note" CHECK ("provider_verifications"."status"::text NOT IN ('rejected', 'suspended') OR length(btrim("provider_verifications"."note")) > 0);--> statement-breakpoint

-- Hand-written (issue 45). What an approved practice holds was reviewed with its approval: its documents and claimed
-- states are approved as of that decision (anything else stays pending, for the next review).
UPDATE qualifications q SET review = 'approved', reviewed_at = v.decided_at
  FROM provider_verifications v WHERE v.provider_id = q.provider_id AND v.status = 'approved';
--> statement-breakpoint
UPDATE insurance_files i SET review = 'approved', reviewed_at = v.decided_at
  FROM provider_verifications v WHERE v.provider_id = i.provider_id AND v.status = 'approved';
--> statement-breakpoint
UPDATE provider_license_states s SET review = 'approved', reviewed_at = v.decided_at
  FROM provider_verifications v WHERE v.provider_id = s.provider_id AND v.status = 'approved';
--> statement-breakpoint
-- The history starts with the decision each practice has now.
INSERT INTO verification_decisions (identifier, provider_id, operator_id, kind, note, created_at)
  SELECT gen_random_uuid(), provider_id, decided_by, status::text::verification_decision_kind, note, decided_at
    FROM provider_verifications WHERE status::text IN ('approved', 'rejected');
--> statement-breakpoint

-- The credentials module's read model of its reviews: licences, other qualifications and insurance files.
CREATE VIEW credential_reviews AS
            SELECT identifier AS document_id, provider_id, kind::text AS kind, state_id, expires_on, review,
                   updated_at AS changed_at
              FROM qualifications
  UNION ALL SELECT file_id, provider_id, 'insurance', NULL, expires_on, review, created_at
              FROM insurance_files;
--> statement-breakpoint
-- The practice-details module's read models: every claimed state's review, and the states a provider is listed in.
CREATE VIEW license_state_reviews AS
  SELECT provider_id, state_id, review, created_at AS changed_at FROM provider_license_states;
--> statement-breakpoint
CREATE VIEW listed_license_states AS
  SELECT s.provider_id, s.state_id
    FROM provider_license_states s
   WHERE s.review = 'approved'
     AND EXISTS (SELECT 1 FROM approved_providers a WHERE a.provider_id = s.provider_id)
     AND EXISTS (SELECT 1 FROM credential_reviews l
                  WHERE l.provider_id = s.provider_id AND l.kind = 'license' AND l.review = 'approved'
                    AND (l.state_id = s.state_id OR l.state_id IS NULL))
     AND EXISTS (SELECT 1 FROM credential_reviews i
                  WHERE i.provider_id = s.provider_id AND i.kind = 'insurance' AND i.review = 'approved');
