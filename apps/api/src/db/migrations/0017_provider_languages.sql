CREATE TABLE "provider_languages" (
	"user_id" uuid NOT NULL,
	"language_id" uuid NOT NULL,
	CONSTRAINT "provider_languages_user_id_language_id_pk" PRIMARY KEY("user_id","language_id")
);
--> statement-breakpoint
ALTER TABLE "directory_entries" ADD COLUMN "languages" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_languages" ADD CONSTRAINT "provider_languages_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_languages" ADD CONSTRAINT "provider_languages_language_id_languages_identifier_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_entries_languages_idx" ON "directory_entries" USING gin ("languages");