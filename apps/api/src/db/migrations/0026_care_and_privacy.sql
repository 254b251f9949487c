CREATE TYPE "public"."record_access_action" AS ENUM('create', 'read', 'answer', 'review');--> statement-breakpoint
CREATE TYPE "public"."record_type" AS ENUM('measure', 'client');--> statement-breakpoint
CREATE TYPE "public"."data_export_status" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."measure_kind" AS ENUM('PHQ9', 'GAD7');--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'export';--> statement-breakpoint
CREATE TABLE "record_access_log" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"actor_id" uuid,
	"record_type" "record_type" NOT NULL,
	"record_id" uuid NOT NULL,
	"client_id" uuid,
	"action" "record_access_action" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "data_export_status" DEFAULT 'pending' NOT NULL,
	"file_id" uuid,
	"size_bytes" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "measure_series" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" "measure_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "measures" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" "measure_kind" NOT NULL,
	"series_id" uuid,
	"booking_id" uuid,
	"key_id" smallint,
	"result_sealed" text,
	"answered_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measures_answer_complete" CHECK (("measures"."answered_at" IS NULL) = ("measures"."result_sealed" IS NULL) AND ("measures"."answered_at" IS NULL) = ("measures"."key_id" IS NULL)),
	CONSTRAINT "measures_key_id" CHECK ("measures"."key_id" IS NULL OR "measures"."key_id" BETWEEN 1 AND 255),
	CONSTRAINT "measures_reviewed_after_answer" CHECK ("measures"."reviewed_at" IS NULL OR "measures"."answered_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_size_positive";--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_series" ADD CONSTRAINT "measure_series_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_series" ADD CONSTRAINT "measure_series_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_series_id_measure_series_identifier_fk" FOREIGN KEY ("series_id") REFERENCES "public"."measure_series"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_access_log_owner_idx" ON "record_access_log" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "record_access_log_record_idx" ON "record_access_log" USING btree ("record_id","at");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "measure_series_running_key" ON "measure_series" USING btree ("provider_id","client_id","kind") WHERE "measure_series"."stopped_at" IS NULL;--> statement-breakpoint
CREATE INDEX "measure_series_client_idx" ON "measure_series" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "measures_provider_client_idx" ON "measures" USING btree ("provider_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "measures_client_idx" ON "measures" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "measures_series_booking_key" ON "measures" USING btree ("series_id","booking_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_positive" CHECK ("files"."size_bytes" > 0 AND ("files"."purpose"::text = 'export' OR "files"."size_bytes" <= 10485760 + 64));--> statement-breakpoint
CREATE FUNCTION record_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the record access log is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER record_access_log_append_only BEFORE UPDATE OR DELETE ON record_access_log FOR EACH ROW EXECUTE FUNCTION record_access_log_append_only();--> statement-breakpoint
CREATE TRIGGER record_access_log_no_truncate BEFORE TRUNCATE ON record_access_log FOR EACH STATEMENT EXECUTE FUNCTION record_access_log_append_only();
