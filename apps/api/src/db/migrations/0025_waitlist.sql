CREATE TABLE "waitlist_entries" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"therapy_category_id" uuid NOT NULL,
	"modality_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"from_minute" smallint NOT NULL,
	"to_minute" smallint NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_range" CHECK ("waitlist_entries"."from_date" <= "waitlist_entries"."to_date" AND "waitlist_entries"."from_minute" >= 0 AND "waitlist_entries"."to_minute" <= 1440 AND "waitlist_entries"."from_minute" < "waitlist_entries"."to_minute")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_therapy_category_id_reference_items_identifier_fk" FOREIGN KEY ("therapy_category_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_modality_id_reference_items_identifier_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."reference_items"("identifier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_identifier_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_open" ON "waitlist_entries" USING btree ("client_id","provider_id") WHERE status IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line" ON "waitlist_entries" USING btree ("provider_id","created_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_per_slot" ON "waitlist_offers" USING btree ("provider_id","starts_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_once_per_entry_slot" ON "waitlist_offers" USING btree ("entry_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_due" ON "waitlist_offers" USING btree ("expires_at") WHERE status = 'open';