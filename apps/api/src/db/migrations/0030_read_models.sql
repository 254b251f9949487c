-- Issue 44: the user module owns `users`; every other module reads a person through this view (its read model), never
-- the table, so credentials (password hash, identities, tokens) stay out of their reach and the table can change
-- behind it. A plain view over one table: the planner inlines it, so a join on it is the join on the table.
CREATE VIEW people AS
  SELECT identifier, email, user_type, first_name, last_name, country_code, locale, timezone, deleted_at
    FROM users;
--> statement-breakpoint

-- The client-profile module's read model: how a client appears on another's screen (username, picture), and the
-- state their address is in (the booking's tax rules).
CREATE VIEW client_cards AS
  SELECT user_id, user_name, photo_file_id, avatar_id, state_id
    FROM client_profiles;
--> statement-breakpoint

-- The provider-profile module's read models: how a provider appears (picture, office for in-person sessions), and
-- what they offer (categories, modalities, specialities).
CREATE VIEW provider_cards AS
  SELECT user_id, photo_file_id, office_address
    FROM provider_profiles;
--> statement-breakpoint
CREATE VIEW provider_offerings AS
  SELECT user_id, list, item_id
    FROM provider_profile_items;
--> statement-breakpoint

-- The platform's file store, as modules that attach files read it: what a file is, never where it is stored.
CREATE VIEW file_facts AS
  SELECT identifier, owner_user_id, content_type, size_bytes, original_name, created_at, deleted_at
    FROM files;
--> statement-breakpoint

-- The bookings module's read model for modules that follow a session (measures): who, when, in which state.
CREATE VIEW booking_sessions AS
  SELECT identifier, client_id, provider_id, status, starts_at, ends_at
    FROM bookings;
--> statement-breakpoint

-- Every column that points at a `files` row, in one place, so the platform's orphan clean-up reads no module's table:
-- a feature that stores a file id adds its column here (a migration that replaces the view), or the clean-up deletes
-- its files after a day. file-maintenance.test.ts fails while a foreign key to `files` exists that this view does not
-- read (information_schema.view_column_usage).
CREATE VIEW file_references AS
            SELECT photo_file_id AS file_id FROM client_profiles WHERE photo_file_id IS NOT NULL
  UNION ALL SELECT photo_file_id FROM provider_profiles WHERE photo_file_id IS NOT NULL
  UNION ALL SELECT file_id FROM qualification_files
  UNION ALL SELECT file_id FROM insurance_files
  UNION ALL SELECT file_id FROM notes WHERE file_id IS NOT NULL
  UNION ALL SELECT file_id FROM chat_attachments
  UNION ALL SELECT file_id FROM data_exports WHERE file_id IS NOT NULL;
--> statement-breakpoint

-- The verification module's read model: the providers whose practice is approved (issue 14). The slot engine asks it
-- in its plan's statement (decision 0040) instead of a subquery the verification module handed over at start-up.
CREATE VIEW approved_providers AS
  SELECT provider_id FROM provider_verifications WHERE status = 'approved';
--> statement-breakpoint

-- The bank-details module's read model for the weekly payout (payments module): where a provider's earnings go, the
-- payout recipient of their current bank details.
CREATE VIEW payout_destinations AS
  SELECT provider_id, recipient_id, currency_code FROM bank_details WHERE recipient_id IS NOT NULL;
