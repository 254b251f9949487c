ALTER TYPE "public"."reschedule_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD COLUMN "decided_by" "booking_actor";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('appointment-created', 'booking-requested', 'booking-accepted', 'booking-declined', 'booking-confirmed', 'booking-rescheduled', 'reschedule-requested', 'reschedule-declined', 'reschedule-withdrawn', 'booking-cancelled', 'booking-expired', 'hold-expiring'));--> statement-breakpoint
-- Issue 48 (decision 0060): who ended each reschedule before the column existed. Applied: its mover. An answer was the
-- other party's, except a request closed with its booking (rejected at the instant it was cancelled or completed).
UPDATE "booking_reschedules" r SET "decided_by" = CASE
    WHEN r."status" = 'applied' THEN r."requested_by"::text::"booking_actor"
    WHEN r."status" = 'rejected' AND EXISTS (
      SELECT 1 FROM "bookings" b WHERE b."identifier" = r."booking_id"
        AND (b."cancelled_at" = r."decided_at" OR b."completed_at" = r."decided_at")
    ) THEN 'system'::"booking_actor"
    WHEN r."requested_by" = 'client' THEN 'provider'::"booking_actor"
    ELSE 'client'::"booking_actor"
  END
WHERE r."decided_at" IS NOT NULL AND r."decided_by" IS NULL;
--> statement-breakpoint
-- A request still waiting spent its requester's count under the old rule; from now on the count is spent when it is
-- accepted, so it is given back here (never spent twice).
UPDATE "bookings" b SET "client_reschedules_left" = b."client_reschedules_left" + 1
  FROM "booking_reschedules" r
 WHERE r."booking_id" = b."identifier" AND r."status" = 'pending' AND r."requested_by" = 'client';--> statement-breakpoint
UPDATE "bookings" b SET "provider_reschedules_left" = b."provider_reschedules_left" + 1
  FROM "booking_reschedules" r
 WHERE r."booking_id" = b."identifier" AND r."status" = 'pending' AND r."requested_by" = 'provider';
