CREATE TABLE "hold_reminders" (
	"booking_id" uuid NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_reminders_booking_id_hold_expires_at_pk" PRIMARY KEY("booking_id","hold_expires_at")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"identifier" uuid PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"by" text NOT NULL,
	"other_id" uuid,
	"other_name" text,
	"therapy_name" text,
	"starts_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('appointment-created', 'booking-requested', 'booking-accepted', 'booking-declined', 'booking-confirmed', 'booking-rescheduled', 'reschedule-requested', 'reschedule-declined', 'booking-cancelled', 'booking-expired', 'hold-expiring'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decline_reason_sealed" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "suggested_times" jsonb;--> statement-breakpoint
ALTER TABLE "hold_reminders" ADD CONSTRAINT "hold_reminders_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_identifier_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_identifier_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("recipient_id","dedupe_key") WHERE "notifications"."dedupe_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_decline_reason_sealed" CHECK ("bookings"."decline_reason_sealed" IS NULL OR char_length("bookings"."decline_reason_sealed") <= 2172);