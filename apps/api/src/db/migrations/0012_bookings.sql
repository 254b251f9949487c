CREATE TYPE "public"."booking_actor" AS ENUM('client', 'provider', 'system');--> statement-breakpoint
CREATE TYPE "public"."booking_role" AS ENUM('client', 'provider');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('requested', 'pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'expired');--> statement-breakpoint
CREATE TYPE "public"."participant_status" AS ENUM('invited', 'acknowledged', 'rejected', 'attended', 'no_show');--> statement-breakpoint
CREATE TYPE "public"."reschedule_status" AS ENUM('applied', 'pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "booking_participants" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" "participant_status" NOT NULL,
	"feedback_provided" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_reschedules" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"requested_by" "booking_role" NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"status" "reschedule_status" NOT NULL,
	"from_starts_at" timestamp with time zone,
	"from_ends_at" timestamp with time zone,
	"to_starts_at" timestamp with time zone NOT NULL,
	"to_ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "booking_reschedules_note" CHECK ("booking_reschedules"."note" IS NULL OR char_length("booking_reschedules"."note") <= 400),
	CONSTRAINT "booking_reschedules_interval" CHECK ("booking_reschedules"."to_starts_at" < "booking_reschedules"."to_ends_at")
);
--> statement-breakpoint
CREATE TABLE "booking_shares" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"shared_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_status_history" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" "booking_status" NOT NULL,
	"previous_status" "booking_status",
	"actor" "booking_actor" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"therapy_category_id" uuid NOT NULL,
	"modality_id" uuid NOT NULL,
	"status" "booking_status" NOT NULL,
	"previous_status" "booking_status",
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED,
	"note" text,
	"meeting_link" text,
	"address" text,
	"price_amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"series_id" uuid,
	"created_by" "booking_role" NOT NULL,
	"client_reschedules_left" integer NOT NULL,
	"provider_reschedules_left" integer NOT NULL,
	"allow_reschedule_completed" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" "booking_role",
	"cancel_note" text,
	"refund_amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_interval" CHECK (("bookings"."starts_at" IS NULL) = ("bookings"."ends_at" IS NULL) AND ("bookings"."starts_at" IS NULL OR "bookings"."starts_at" < "bookings"."ends_at")),
	CONSTRAINT "bookings_parties" CHECK ("bookings"."client_id" <> "bookings"."provider_id"),
	CONSTRAINT "bookings_price" CHECK ("bookings"."price_amount" >= 0),
	CONSTRAINT "bookings_note" CHECK ("bookings"."note" IS NULL OR char_length("bookings"."note") <= 400),
	CONSTRAINT "bookings_cancel_note" CHECK ("bookings"."cancel_note" IS NULL OR char_length("bookings"."cancel_note") <= 400),
	CONSTRAINT "bookings_reschedules_left" CHECK ("bookings"."client_reschedules_left" >= 0 AND "bookings"."provider_reschedules_left" >= 0),
	CONSTRAINT "bookings_hold" CHECK ("bookings"."status" <> 'pending' OR "bookings"."starts_at" IS NULL OR "bookings"."hold_expires_at" IS NOT NULL),
	CONSTRAINT "bookings_active_has_time" CHECK ("bookings"."status" NOT IN ('confirmed', 'completed') OR "bookings"."starts_at" IS NOT NULL),
	CONSTRAINT "bookings_cancelled" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "provider_booking_settings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_shares" ADD CONSTRAINT "booking_shares_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_identifier_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_therapy_category_id_reference_items_identifier_fk" FOREIGN KEY ("therapy_category_id") REFERENCES "public"."reference_items"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_modality_id_reference_items_identifier_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."reference_items"("identifier") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_booking_settings" ADD CONSTRAINT "provider_booking_settings_provider_id_users_identifier_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_participants_booking_client_key" ON "booking_participants" USING btree ("booking_id","client_id");--> statement-breakpoint
CREATE INDEX "booking_participants_client_idx" ON "booking_participants" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_booking_key" ON "booking_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_idempotency_key" ON "booking_payments" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_reschedules_booking_idx" ON "booking_reschedules" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reschedules_one_pending" ON "booking_reschedules" USING btree ("booking_id") WHERE "booking_reschedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_shares_user_idx" ON "booking_shares" USING btree ("shared_by","created_at");--> statement-breakpoint
CREATE INDEX "booking_status_history_booking_idx" ON "booking_status_history" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_idx" ON "bookings" USING btree ("provider_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id") WHERE "bookings"."series_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_to_complete_idx" ON "bookings" USING btree ("ends_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
-- DESIGN.md §6: two active bookings of one provider never overlap (drizzle cannot declare an exclusion constraint).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, "during" WITH &&) WHERE ("status" IN ('requested', 'pending', 'confirmed') AND "starts_at" IS NOT NULL);--> statement-breakpoint
-- The status history is appended, never changed.
CREATE OR REPLACE FUNCTION booking_status_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'booking_status_history is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER booking_status_history_no_change BEFORE UPDATE OR DELETE ON "booking_status_history" FOR EACH ROW EXECUTE FUNCTION booking_status_history_append_only();
