CREATE TYPE "public"."qualification_kind" AS ENUM('license', 'education', 'association', 'certification', 'conduct');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('submitted', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'credential';--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'insurance';--> statement-breakpoint
CREATE TABLE "bank_details" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"country_code" text,
	"currency_code" text NOT NULL,
	"sealed" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text,
	"account_ownership" text,
	"payout_route" text NOT NULL,
	"recipient_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_details_form" CHECK ("bank_details"."form" IN ('standard', 'gb', 'addressed')),
	CONSTRAINT "bank_details_last4" CHECK ("bank_details"."account_number_last4" ~ '^[0-9]{1,4}$'),
	CONSTRAINT "bank_details_currency" CHECK ("bank_details"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "bank_details_account_type" CHECK ("bank_details"."account_type" IS NULL OR "bank_details"."account_type" IN ('checking', 'savings')),
	CONSTRAINT "bank_details_ownership" CHECK ("bank_details"."account_ownership" IS NULL OR "bank_details"."account_ownership" IN ('business', 'personal')),
	CONSTRAINT "bank_details_payout_route" CHECK ("bank_details"."payout_route" IN ('gateway', 'bank-file', 'none'))
);
--> statement-breakpoint
CREATE TABLE "insurance_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qualification_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"qualification_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_files_position_positive" CHECK ("qualification_files"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" "qualification_kind" NOT NULL,
	"body" text,
	"credential_number" text,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualifications_details" CHECK (CASE WHEN "qualifications"."kind" = 'license'
        THEN "qualifications"."body" IS NOT NULL AND length("qualifications"."body") BETWEEN 1 AND 120 AND "qualifications"."credential_number" ~ '^[A-Za-z0-9/-]{1,120}$' AND "qualifications"."title" IS NULL
        ELSE "qualifications"."title" IS NOT NULL AND length("qualifications"."title") BETWEEN 1 AND 120 AND "qualifications"."body" IS NULL AND "qualifications"."credential_number" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "provider_booking_fees" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"therapy_category_id" uuid,
	"fee" bigint NOT NULL,
	"is_free" boolean NOT NULL,
	"currency_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_booking_fees_fee" CHECK ("provider_booking_fees"."fee" BETWEEN 0 AND 1000000000),
	CONSTRAINT "provider_booking_fees_free" CHECK (NOT "provider_booking_fees"."is_free" OR "provider_booking_fees"."fee" = 0),
	CONSTRAINT "provider_booking_fees_currency" CHECK ("provider_booking_fees"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "provider_license_states" (
	"provider_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_license_states_provider_id_state_id_pk" PRIMARY KEY("provider_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "work_history" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"job_title" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"currently_works_here" boolean NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_history_company_name" CHECK (char_length("work_history"."company_name") BETWEEN 1 AND 100),
	CONSTRAINT "work_history_job_title" CHECK (char_length("work_history"."job_title") BETWEEN 1 AND 100),
	CONSTRAINT "work_history_description" CHECK ("work_history"."description" IS NULL OR char_length("work_history"."description") <= 1000),
	CONSTRAINT "work_history_start_date" CHECK ("work_history"."start_date" ~ '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "work_history_end_date" CHECK ("work_history"."end_date" IS NULL OR "work_history"."end_date" ~ '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "work_history_end" CHECK (CASE WHEN "work_history"."currently_works_here" THEN "work_history"."end_date" IS NULL ELSE "work_history"."end_date" IS NOT NULL AND "work_history"."end_date" >= "work_history"."start_date" END)
);
--> statement-breakpoint
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
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_recipient_id_payout_recipients_identifier_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."payout_recipients"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD CONSTRAINT "insurance_files_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD CONSTRAINT "insurance_files_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_qualification_id_qualifications_identifier_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_booking_fees" ADD CONSTRAINT "provider_booking_fees_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_booking_fees" ADD CONSTRAINT "provider_booking_fees_therapy_category_id_reference_items_identifier_fk" FOREIGN KEY ("therapy_category_id") REFERENCES "public"."reference_items"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD CONSTRAINT "provider_license_states_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD CONSTRAINT "provider_license_states_state_id_states_identifier_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_history" ADD CONSTRAINT "work_history_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_verifications" ADD CONSTRAINT "provider_verifications_decided_by_users_identifier_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_files_provider_idx" ON "insurance_files" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qualification_files_position" ON "qualification_files" USING btree ("qualification_id","position");--> statement-breakpoint
CREATE INDEX "qualifications_provider_idx" ON "qualifications" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_booking_fees_general_key" ON "provider_booking_fees" USING btree ("provider_id") WHERE "provider_booking_fees"."therapy_category_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_booking_fees_therapy_key" ON "provider_booking_fees" USING btree ("provider_id","therapy_category_id") WHERE "provider_booking_fees"."therapy_category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_license_states_state_idx" ON "provider_license_states" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "work_history_provider_idx" ON "work_history" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "provider_verifications_queue_idx" ON "provider_verifications" USING btree ("submitted_at") WHERE "provider_verifications"."status" = 'submitted';