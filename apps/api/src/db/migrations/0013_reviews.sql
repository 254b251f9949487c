CREATE TABLE "provider_review_stats" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"half_stars_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_review_stats_nonnegative" CHECK ("provider_review_stats"."half_stars_sum" >= 0 AND "provider_review_stats"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"participant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"half_stars" smallint NOT NULL,
	"comment" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"edits" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_half_stars" CHECK ("reviews"."half_stars" BETWEEN 1 AND 10),
	CONSTRAINT "reviews_comment_length" CHECK ("reviews"."comment" IS NULL OR char_length("reviews"."comment") BETWEEN 5 AND 2500),
	CONSTRAINT "reviews_edits" CHECK ("reviews"."edits" BETWEEN 0 AND 1)
);
--> statement-breakpoint
ALTER TABLE "provider_review_stats" ADD CONSTRAINT "provider_review_stats_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_participant_id_booking_participants_identifier_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."booking_participants"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_participant_key" ON "reviews" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "reviews_provider_created_idx" ON "reviews" USING btree ("provider_id","created_at");