CREATE TYPE "public"."note_template_builtin" AS ENUM('soap', 'dap', 'birp');--> statement-breakpoint
ALTER TYPE "public"."note_access_action" ADD VALUE 'sign';--> statement-breakpoint
ALTER TYPE "public"."note_access_action" ADD VALUE 'addendum';--> statement-breakpoint
CREATE TABLE "note_addenda" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"key_id" smallint NOT NULL,
	"content_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_templates" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "built_in_template" "note_template_builtin";--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "sections_sealed" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "signed_by" uuid;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "needs_risk_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "risk_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "risk_seen_by" uuid;--> statement-breakpoint
ALTER TABLE "note_addenda" ADD CONSTRAINT "note_addenda_note_id_notes_identifier_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_addenda" ADD CONSTRAINT "note_addenda_author_id_users_identifier_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_templates" ADD CONSTRAINT "note_templates_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_addenda_note_idx" ON "note_addenda" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "note_templates_provider_idx" ON "note_templates" USING btree ("provider_id","created_at");--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_template_id_note_templates_identifier_fk" FOREIGN KEY ("template_id") REFERENCES "public"."note_templates"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_signed_by_users_identifier_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_risk_seen_by_users_identifier_fk" FOREIGN KEY ("risk_seen_by") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measures_risk_review_idx" ON "measures" USING btree ("provider_id") WHERE "measures"."needs_risk_review" AND "measures"."risk_seen_at" IS NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_one_template" CHECK ("notes"."built_in_template" IS NULL OR "notes"."template_id" IS NULL);--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_signed_complete" CHECK ("notes"."signed_at" IS NOT NULL OR "notes"."signed_by" IS NULL);
--> statement-breakpoint
-- Issue 47 (decision 0056): a signed note is a record. Its sealed text, its file, its signature and what it is about
-- never change again, and it is not deleted; only the erasure of its author's account (which names itself with
-- app.erasing_user in its transaction) removes it. The template link may fall away (a deleted template) and the
-- signer's link too (a removed account).
CREATE FUNCTION notes_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF current_setting('app.erasing_user', true) = OLD.author_id::text THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'note % is signed and locked: it cannot be deleted', OLD.identifier USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.title_sealed, NEW.content_sealed, NEW.sections_sealed, NEW.key_id, NEW.file_id, NEW.file_name_sealed,
      NEW.file_size_bytes, NEW.file_content_type, NEW.signed_at, NEW.author_id, NEW.client_id, NEW.type,
      NEW.booking_id, NEW.built_in_template, NEW.created_at)
     IS DISTINCT FROM
     (OLD.title_sealed, OLD.content_sealed, OLD.sections_sealed, OLD.key_id, OLD.file_id, OLD.file_name_sealed,
      OLD.file_size_bytes, OLD.file_content_type, OLD.signed_at, OLD.author_id, OLD.client_id, OLD.type,
      OLD.booking_id, OLD.built_in_template, OLD.created_at)
     OR (NEW.signed_by IS DISTINCT FROM OLD.signed_by AND NEW.signed_by IS NOT NULL)
     OR (NEW.template_id IS DISTINCT FROM OLD.template_id AND NEW.template_id IS NOT NULL) THEN
    RAISE EXCEPTION 'note % is signed and locked: it cannot be changed', OLD.identifier USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER notes_signed_locked BEFORE UPDATE OR DELETE ON notes FOR EACH ROW EXECUTE FUNCTION notes_signed_locked();--> statement-breakpoint
-- Addenda are append-only; they go only with their author's account (or their note, which goes only then).
CREATE FUNCTION note_addenda_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('app.erasing_user', true) = OLD.author_id::text THEN RETURN OLD; END IF;
  END IF;
  RAISE EXCEPTION 'note addenda are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER note_addenda_append_only BEFORE UPDATE OR DELETE ON note_addenda FOR EACH ROW EXECUTE FUNCTION note_addenda_append_only();--> statement-breakpoint
CREATE TRIGGER note_addenda_no_truncate BEFORE TRUNCATE ON note_addenda FOR EACH STATEMENT EXECUTE FUNCTION note_addenda_append_only();
