CREATE TYPE "public"."note_access_action" AS ENUM('create', 'read', 'update', 'delete', 'download');--> statement-breakpoint
CREATE TYPE "public"."note_type" AS ENUM('booking', 'client');--> statement-breakpoint
ALTER TYPE "public"."file_purpose" ADD VALUE 'note';--> statement-breakpoint
CREATE TABLE "note_access_log" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" "note_access_action" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"type" "note_type" NOT NULL,
	"booking_id" uuid,
	"client_id" uuid NOT NULL,
	"key_id" smallint NOT NULL,
	"title_sealed" text NOT NULL,
	"content_sealed" text NOT NULL,
	"file_id" uuid,
	"file_name_sealed" text,
	"file_size_bytes" bigint,
	"file_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_booking_matches_type" CHECK (("notes"."type" = 'booking') = ("notes"."booking_id" IS NOT NULL)),
	CONSTRAINT "notes_file_complete" CHECK (("notes"."file_id" IS NULL) = ("notes"."file_name_sealed" IS NULL) AND ("notes"."file_id" IS NULL) = ("notes"."file_size_bytes" IS NULL) AND ("notes"."file_id" IS NULL) = ("notes"."file_content_type" IS NULL)),
	CONSTRAINT "notes_key_id" CHECK ("notes"."key_id" BETWEEN 1 AND 255)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_size_positive";--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_identifier_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_file_id_files_identifier_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_access_log_note_idx" ON "note_access_log" USING btree ("note_id","at");--> statement-breakpoint
CREATE INDEX "note_access_log_author_idx" ON "note_access_log" USING btree ("author_id","at");--> statement-breakpoint
CREATE INDEX "notes_author_client_idx" ON "notes" USING btree ("author_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_booking_idx" ON "notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "notes_file_idx" ON "notes" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_positive" CHECK ("files"."size_bytes" > 0 AND "files"."size_bytes" <= 10485760 + 64);--> statement-breakpoint
CREATE FUNCTION note_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the note access log is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER note_access_log_append_only BEFORE UPDATE OR DELETE ON note_access_log FOR EACH ROW EXECUTE FUNCTION note_access_log_append_only();--> statement-breakpoint
CREATE TRIGGER note_access_log_no_truncate BEFORE TRUNCATE ON note_access_log FOR EACH STATEMENT EXECUTE FUNCTION note_access_log_append_only();
