-- Written by hand (decision 024): the embedded engine's server keeps what open slots are computed from (an
-- account's appointments holding a slot, its booking settings, its time zone) instead of reading them on every
-- availability request. Whatever changes them is announced on this channel with the accounts concerned
-- (comma-separated; '*' when too many for one notice), once per statement, so the kept copy is forgotten on commit.
CREATE FUNCTION "callwise_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT "account_id"::text, ',') INTO ids FROM "changed_rows";
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('callwise_bookings', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_inserted_notice" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "appointments_updated_notice" AFTER UPDATE ON "appointments"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "appointments_deleted_notice" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_settings_inserted_notice" AFTER INSERT ON "booking_settings"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_settings_updated_notice" AFTER UPDATE ON "booking_settings"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_settings_deleted_notice" AFTER DELETE ON "booking_settings"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_bookings_changed"();--> statement-breakpoint
CREATE FUNCTION "callwise_account_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callwise_bookings', NEW.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_timezone_notice" AFTER UPDATE OF "timezone" ON "accounts"
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION "callwise_account_zone_changed"();
