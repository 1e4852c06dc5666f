-- Anonymising a customer (issue 25, decision 058) replaces their details inside the activity log's entries about their
-- orders and payments, inside the transaction that set duka.anonymising; nothing else of an entry may ever change.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('duka.anonymising', true) = 'on'
    AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.entity = OLD.entity AND NEW.entity_id = OLD.entity_id
    AND NEW.action = OLD.action AND NEW.staff_email IS NOT DISTINCT FROM OLD.staff_email
    AND NEW.service IS NOT DISTINCT FROM OLD.service AND NEW.note IS NOT DISTINCT FROM OLD.note THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The activity log is never changed: entries are only added.';
END $$;
