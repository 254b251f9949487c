CREATE TYPE "public"."qualification_kind" AS ENUM('license', 'education', 'association', 'certification', 'conduct');--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'credential';--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'insurance';--> statement-breakpoint
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
ALTER TABLE "insurance_files" ADD CONSTRAINT "insurance_files_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_files" ADD CONSTRAINT "insurance_files_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_qualification_id_qualifications_identifier_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_files_provider_idx" ON "insurance_files" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qualification_files_position" ON "qualification_files" USING btree ("qualification_id","position");--> statement-breakpoint
CREATE INDEX "qualifications_provider_idx" ON "qualifications" USING btree ("provider_id","created_at");