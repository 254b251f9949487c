CREATE TYPE "public"."client_import_source" AS ENUM('manual', 'email', 'csv');--> statement-breakpoint
CREATE TABLE "client_imports" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"email" "citext" NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"source" "client_import_source" NOT NULL,
	"client_id" uuid,
	"invite_token_hash" text,
	"invited_at" timestamp with time zone,
	"invite_expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_imports_provider_email_key" ON "client_imports" USING btree ("provider_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "client_imports_invite_token_key" ON "client_imports" USING btree ("invite_token_hash") WHERE "client_imports"."invite_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "client_imports_client_idx" ON "client_imports" USING btree ("client_id","provider_id");