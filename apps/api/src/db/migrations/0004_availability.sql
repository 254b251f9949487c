CREATE TYPE "public"."calendar_setup_type" AS ENUM('GENERAL', 'BY_CATEGORY');--> statement-breakpoint
CREATE TABLE "availability_days" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid,
	"weekday" smallint,
	"date" date,
	"is_available" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_days_weekday_or_date" CHECK (("availability_days"."weekday" IS NULL) <> ("availability_days"."date" IS NULL)),
	CONSTRAINT "availability_days_weekday_range" CHECK ("availability_days"."weekday" IS NULL OR "availability_days"."weekday" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "availability_intervals" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"day_id" uuid NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "availability_intervals_bounds" CHECK ("availability_intervals"."start_minute" >= 0 AND "availability_intervals"."end_minute" <= 1440 AND "availability_intervals"."start_minute" < "availability_intervals"."end_minute" AND "availability_intervals"."start_minute" % 60 = 0 AND "availability_intervals"."end_minute" % 60 = 0)
);
--> statement-breakpoint
CREATE TABLE "availability_settings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"calendar_setup_type" "calendar_setup_type" DEFAULT 'GENERAL' NOT NULL,
	"session_minutes" smallint DEFAULT 60 NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"notice_minutes" integer DEFAULT 720 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_settings_session" CHECK ("availability_settings"."session_minutes" BETWEEN 15 AND 240 AND "availability_settings"."session_minutes" % 15 = 0),
	CONSTRAINT "availability_settings_buffer" CHECK ("availability_settings"."buffer_minutes" BETWEEN 0 AND 120 AND "availability_settings"."buffer_minutes" % 5 = 0),
	CONSTRAINT "availability_settings_notice" CHECK ("availability_settings"."notice_minutes" BETWEEN 0 AND 10080 AND "availability_settings"."notice_minutes" % 60 = 0)
);
--> statement-breakpoint
ALTER TABLE "availability_days" ADD CONSTRAINT "availability_days_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_days" ADD CONSTRAINT "availability_days_category_id_reference_items_identifier_fk" FOREIGN KEY ("category_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_intervals" ADD CONSTRAINT "availability_intervals_day_id_availability_days_identifier_fk" FOREIGN KEY ("day_id") REFERENCES "public"."availability_days"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_days_weekday_key" ON "availability_days" USING btree ("provider_id",coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid),"weekday") WHERE "availability_days"."weekday" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_days_date_key" ON "availability_days" USING btree ("provider_id",coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid),"date") WHERE "availability_days"."date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "availability_days_provider_idx" ON "availability_days" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "availability_intervals_day_idx" ON "availability_intervals" USING btree ("day_id");--> statement-breakpoint
-- Two intervals of one day never overlap (touching is fine: [9,12) and [12,17)).
ALTER TABLE "availability_intervals" ADD CONSTRAINT "availability_intervals_no_overlap" EXCLUDE USING gist ("day_id" WITH =, int4range("start_minute", "end_minute") WITH &&);
