-- The lock of 0041 let a signed note's client change on a connection that had never set app.merging_record:
-- current_setting(..., true) is NULL there, so `merging` was NULL and the whole refusal condition NULL, which IF
-- takes as false. A missing setting now counts as "no merge" (coalesce), so only the merge naming the record passes.
CREATE OR REPLACE FUNCTION notes_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  merging boolean;
BEGIN
  IF OLD.signed_at IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF current_setting('app.erasing_user', true) = OLD.author_id::text THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'note % is signed and locked: it cannot be deleted', OLD.identifier USING ERRCODE = 'restrict_violation';
  END IF;
  merging := NEW.client_id IS DISTINCT FROM OLD.client_id
    AND coalesce(current_setting('app.merging_record', true), '') = OLD.client_id::text;
  IF (NEW.title_sealed, NEW.content_sealed, NEW.sections_sealed, NEW.key_id, NEW.file_id, NEW.file_name_sealed,
      NEW.file_size_bytes, NEW.file_content_type, NEW.signed_at, NEW.author_id, NEW.type,
      NEW.booking_id, NEW.built_in_template, NEW.created_at)
     IS DISTINCT FROM
     (OLD.title_sealed, OLD.content_sealed, OLD.sections_sealed, OLD.key_id, OLD.file_id, OLD.file_name_sealed,
      OLD.file_size_bytes, OLD.file_content_type, OLD.signed_at, OLD.author_id, OLD.type,
      OLD.booking_id, OLD.built_in_template, OLD.created_at)
     OR (NEW.client_id IS DISTINCT FROM OLD.client_id AND NOT merging)
     OR (NEW.signed_by IS DISTINCT FROM OLD.signed_by AND NEW.signed_by IS NOT NULL)
     OR (NEW.template_id IS DISTINCT FROM OLD.template_id AND NEW.template_id IS NOT NULL) THEN
    RAISE EXCEPTION 'note % is signed and locked: it cannot be changed', OLD.identifier USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
