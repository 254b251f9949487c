CREATE TABLE "analytics_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"user_agent" text NOT NULL,
	"network" text,
	CONSTRAINT "analytics_consents_lengths" CHECK (char_length("analytics_consents"."user_agent") <= 512 AND ("analytics_consents"."network" IS NULL OR char_length("analytics_consents"."network") <= 64))
);
--> statement-breakpoint
CREATE TABLE "analytics_conversions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "analytics_conversions_values" CHECK ("analytics_conversions"."amount" > 0 AND "analytics_conversions"."attempts" >= 0 AND "analytics_conversions"."currency_code" ~ '^[A-Z]{3}$' AND "analytics_conversions"."kind" IN ('topup', 'booking') AND "analytics_conversions"."status" IN ('queued', 'sent', 'dropped') AND ("analytics_conversions"."status" = 'queued') = ("analytics_conversions"."settled_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "analytics_consents" ADD CONSTRAINT "analytics_consents_user_id_users_identifier_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;