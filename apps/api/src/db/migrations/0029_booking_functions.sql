-- Issue 43, decision 0046: a client's booking written by SQL functions, each one statement for the app. PL/pgSQL keeps
-- the plans of its statements for the session (a named statement's benefit, with no driver internals), and a
-- function's statements run one after the other, so the unpaid count comes after the lock in one call.

-- What counts against a client's limit of unpaid bookings (DESIGN.md §6): pending bookings the client made that still
-- hold their slot; a weekly series counts once. Read through bookings_unpaid_idx.
CREATE FUNCTION booking_unpaid_count(p_client uuid, p_now timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT coalesce(series_id, identifier))::int FROM bookings
   WHERE client_id = p_client AND status = 'pending' AND created_by = 'client'
     AND (hold_expires_at IS NULL OR hold_expires_at > p_now)
$$;
--> statement-breakpoint

-- Takes the client's lock (`p_key`) for the rest of the transaction, expires the provider's holds that ran out and
-- overlap [p_start, p_end) (the exclusion constraint cannot see the clock), then counts the client's unpaid bookings.
-- VOLATILE: each statement takes its own snapshot, so the count, run after the lock was granted, sees every booking
-- of the client committed by whoever held it before.
CREATE FUNCTION booking_client_lock(p_key text, p_client uuid, p_provider uuid, p_start timestamptz, p_end timestamptz, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_expired jsonb;
  v_unpaid integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 0));
  WITH e AS (
    UPDATE bookings SET status = 'expired', previous_status = 'pending', hold_expires_at = NULL, updated_at = p_now
     WHERE provider_id = p_provider AND status = 'pending' AND hold_expires_at <= p_now
       AND during && tstzrange(p_start, p_end, '[)')
    RETURNING identifier, client_id, provider_id, starts_at, ends_at
  )
  SELECT coalesce(jsonb_agg(e), '[]'::jsonb) INTO v_expired FROM e;
  SELECT booking_unpaid_count(p_client, p_now) INTO v_unpaid;
  RETURN jsonb_build_object('expired', v_expired, 'unpaid', v_unpaid);
END
$$;
--> statement-breakpoint

-- A new booking with its participant and its first status line, given as JSON objects with the tables' column names.
-- The exclusion constraint refuses an overlapping booking (23P01). Returns what the table's defaults gave the row.
CREATE FUNCTION booking_insert(p_booking jsonb, p_participant jsonb, p_line jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_stored jsonb;
BEGIN
  WITH r AS (SELECT * FROM jsonb_populate_record(NULL::bookings, p_booking)),
  inserted AS (
    INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, note, meeting_link,
                          address, price_amount, currency_code, hold_expires_at, series_id, created_by, client_reschedules_left,
                          provider_reschedules_left, paid_at)
    SELECT identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, note, meeting_link,
           address, price_amount, currency_code, hold_expires_at, series_id, created_by, client_reschedules_left,
           provider_reschedules_left, paid_at
      FROM r
    RETURNING note, meeting_link, address, starts_at, ends_at, hold_expires_at, series_id, previous_status, allow_reschedule_completed, created_at
  )
  SELECT to_jsonb(inserted) INTO v_stored FROM inserted;
  INSERT INTO booking_participants (identifier, booking_id, client_id, status)
    SELECT identifier, booking_id, client_id, status FROM jsonb_populate_record(NULL::booking_participants, p_participant);
  INSERT INTO booking_status_history (identifier, booking_id, status, previous_status, actor, actor_id, note, at)
    SELECT identifier, booking_id, status, previous_status, actor, actor_id, note, at FROM jsonb_populate_record(NULL::booking_status_history, p_line);
  RETURN v_stored;
END
$$;
--> statement-breakpoint

-- A client's booking of one slot: the lock and the count (booking_client_lock), then the rows (booking_insert) unless
-- the booking would pass `p_max_unpaid` (NULL: it does not count). `stored` is NULL when it would have; the caller
-- refuses the booking and rolls back, the expiries included.
CREATE FUNCTION booking_book(p_key text, p_client uuid, p_provider uuid, p_start timestamptz, p_end timestamptz, p_now timestamptz,
                             p_max_unpaid integer, p_booking jsonb, p_participant jsonb, p_line jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_locked jsonb;
  v_stored jsonb;
BEGIN
  v_locked := booking_client_lock(p_key, p_client, p_provider, p_start, p_end, p_now);
  IF p_max_unpaid IS NULL OR (v_locked ->> 'unpaid')::integer + 1 <= p_max_unpaid THEN
    v_stored := booking_insert(p_booking, p_participant, p_line);
  END IF;
  RETURN v_locked || jsonb_build_object('stored', v_stored);
END
$$;
