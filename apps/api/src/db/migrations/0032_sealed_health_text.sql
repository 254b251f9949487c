ALTER TABLE "booking_reschedules" DROP CONSTRAINT "booking_reschedules_note";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_note";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_cancel_note";--> statement-breakpoint
ALTER TABLE "emergency_contacts" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ALTER COLUMN "phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "name_sealed" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "phone_number_sealed" text;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD COLUMN "note_sealed" text;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD COLUMN "note_sealed" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "note_sealed" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_note_sealed" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_present" CHECK (("emergency_contacts"."name_sealed" IS NOT NULL AND "emergency_contacts"."phone_number_sealed" IS NOT NULL) OR ("emergency_contacts"."name" IS NOT NULL AND "emergency_contacts"."phone_number" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_name_sealed" CHECK (char_length("emergency_contacts"."name_sealed") <= 212);--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_phone_number_sealed" CHECK (char_length("emergency_contacts"."phone_number_sealed") <= 212);--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_note_sealed" CHECK ("booking_reschedules"."note_sealed" IS NULL OR char_length("booking_reschedules"."note_sealed") <= 2172);--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_note_sealed" CHECK ("booking_status_history"."note_sealed" IS NULL OR char_length("booking_status_history"."note_sealed") <= 2172);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_note_sealed" CHECK ("bookings"."note_sealed" IS NULL OR char_length("bookings"."note_sealed") <= 2172);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_note_sealed" CHECK ("bookings"."cancel_note_sealed" IS NULL OR char_length("bookings"."cancel_note_sealed") <= 2172);--> statement-breakpoint
-- Hand-written (issue 45, decision 0050): keep everything below when this migration is regenerated.
-- The booking's note and its first status line's note are written sealed (note_sealed), never in clear: the
-- booking's insert function of migration 0029 takes and returns the sealed columns now. What the clear columns
-- hold from before is sealed by the start-up backfill (the app cannot do AES-GCM in SQL), which empties them; a
-- later migration drops them once every deployment has run it.
-- ============================================================================================================
CREATE OR REPLACE FUNCTION booking_insert(p_booking jsonb, p_participant jsonb, p_line jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_stored jsonb;
BEGIN
  WITH r AS (SELECT * FROM jsonb_populate_record(NULL::bookings, p_booking)),
  inserted AS (
    INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, note_sealed,
                          meeting_link, address, price_amount, currency_code, hold_expires_at, series_id, created_by,
                          client_reschedules_left, provider_reschedules_left, paid_at)
    SELECT identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, note_sealed,
           meeting_link, address, price_amount, currency_code, hold_expires_at, series_id, created_by,
           client_reschedules_left, provider_reschedules_left, paid_at
      FROM r
    RETURNING note_sealed, meeting_link, address, starts_at, ends_at, hold_expires_at, series_id, previous_status, allow_reschedule_completed, created_at
  )
  SELECT to_jsonb(inserted) INTO v_stored FROM inserted;
  INSERT INTO booking_participants (identifier, booking_id, client_id, status)
    SELECT identifier, booking_id, client_id, status FROM jsonb_populate_record(NULL::booking_participants, p_participant);
  INSERT INTO booking_status_history (identifier, booking_id, status, previous_status, actor, actor_id, note_sealed, at)
    SELECT identifier, booking_id, status, previous_status, actor, actor_id, note_sealed, at FROM jsonb_populate_record(NULL::booking_status_history, p_line);
  RETURN v_stored;
END
$$;
--> statement-breakpoint

-- The status history stays append-only (migration 0012) but for its note, which is health text: a line's note may be
-- emptied (account deletion erases it; the backfill empties the clear column), and a line whose note is in clear may
-- get it sealed in its place once (the backfill). Every other column, and any other change, is refused as before.
CREATE OR REPLACE FUNCTION booking_status_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.identifier, NEW.booking_id, NEW.status, NEW.previous_status, NEW.actor, NEW.actor_id, NEW.at)
         IS NOT DISTINCT FROM (OLD.identifier, OLD.booking_id, OLD.status, OLD.previous_status, OLD.actor, OLD.actor_id, OLD.at)
     AND NEW.note IS NULL
     AND (NEW.note_sealed IS NULL OR NEW.note_sealed IS NOT DISTINCT FROM OLD.note_sealed
          OR (OLD.note_sealed IS NULL AND OLD.note IS NOT NULL)) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'booking_status_history is append-only';
END;
$$;
