CREATE TABLE "mail_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"messages" boolean DEFAULT true NOT NULL,
	"booking_updates" boolean DEFAULT true NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"marketing_consented_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_marketing_consent" CHECK ("mail_preferences"."marketing" = ("mail_preferences"."marketing_consented_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;