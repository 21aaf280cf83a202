CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone" text NOT NULL,
	"action" text NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"method" text NOT NULL,
	"source" text,
	"words" text,
	"recorded_by" text,
	"call_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "consent_records_action" CHECK ("consent_records"."action" IN ('granted', 'revoked')),
	CONSTRAINT "consent_records_purpose" CHECK ("consent_records"."purpose" IN ('informational', 'marketing', 'all')),
	CONSTRAINT "consent_records_channel" CHECK ("consent_records"."channel" IN ('call', 'text', 'all'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_account_created_idx" ON "consent_records" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consent_records_contact_idx" ON "consent_records" USING btree ("contact_id","created_at");--> statement-breakpoint
-- Decision 030: a contact's consent written or changed (any path: the app, the API, an import, a calendar) is
-- recorded in the same statement. How it was recorded: set for the transaction (callwise.consent_method), else
-- read from the provenance the row carries.
CREATE FUNCTION "record_contact_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  how text := coalesce(nullif(current_setting('callwise.consent_method', true), ''),
    CASE
      WHEN NEW.consent_source LIKE 'Import: %' THEN 'import'
      WHEN NEW.consent_recorded_by IN ('ICS calendar', 'Cal.com', 'Google Calendar') THEN 'calendar'
      WHEN NEW.consent_recorded_by = 'API key' THEN 'api'
      ELSE 'owner'
    END);
  previous text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.consent = 'none' THEN RETURN NULL; END IF;
    previous := 'none';
  ELSE
    IF NEW.consent IS NOT DISTINCT FROM OLD.consent
      AND NEW.consent_source IS NOT DISTINCT FROM OLD.consent_source
      AND NEW.consent_at IS NOT DISTINCT FROM OLD.consent_at THEN
      RETURN NULL;
    END IF;
    previous := OLD.consent;
    IF NEW.consent = 'none' AND previous = 'none' THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO "consent_records"
    ("account_id", "contact_id", "phone", "action", "purpose", "channel", "method", "source", "words", "recorded_by")
  VALUES (
    NEW.account_id, NEW.id, NEW.phone,
    CASE WHEN NEW.consent = 'none' THEN 'revoked' ELSE 'granted' END,
    CASE WHEN NEW.consent = 'none' THEN previous ELSE NEW.consent END,
    'all', how, NEW.consent_source, nullif(current_setting('callwise.consent_words', true), ''),
    coalesce(nullif(current_setting('callwise.consent_by', true), ''), NEW.consent_recorded_by));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_record_consent" AFTER INSERT OR UPDATE OF "consent", "consent_source", "consent_at" ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "record_contact_consent"();
--> statement-breakpoint
-- A number listed (revoked for every purpose and channel: a key pressed on a call, STOP by text, the owner, an
-- import) or taken off the list (START by text gives texts back; the owner's removal gives everything back).
CREATE FUNCTION "record_do_not_call_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  how text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    how := coalesce(nullif(current_setting('callwise.consent_method', true), ''),
      CASE NEW.source WHEN 'opted_out' THEN 'keypad' WHEN 'texted_stop' THEN 'text' WHEN 'imported' THEN 'import'
        ELSE 'owner' END);
    INSERT INTO "consent_records"
      ("account_id", "contact_id", "phone", "action", "purpose", "channel", "method", "source", "words",
       "recorded_by", "call_id")
    SELECT NEW.account_id, c.id, NEW.phone, 'revoked', 'all', 'all', how,
      coalesce(NEW.note, CASE NEW.source WHEN 'opted_out' THEN 'Opted out on a call'
        WHEN 'texted_stop' THEN 'Replied STOP by text' WHEN 'imported' THEN 'Do-not-call import'
        ELSE 'Added to the do-not-call list' END),
      nullif(current_setting('callwise.consent_words', true), ''),
      coalesce(nullif(current_setting('callwise.consent_by', true), ''),
        CASE WHEN NEW.source IN ('opted_out', 'texted_stop') THEN 'The person' END),
      NEW.call_id
    FROM (SELECT 1) AS one
    LEFT JOIN "contacts" c ON c.account_id = NEW.account_id AND c.phone = NEW.phone;
  ELSE
    how := coalesce(nullif(current_setting('callwise.consent_method', true), ''), 'owner');
    INSERT INTO "consent_records"
      ("account_id", "contact_id", "phone", "action", "purpose", "channel", "method", "source", "words",
       "recorded_by")
    SELECT OLD.account_id, c.id, OLD.phone, 'granted', 'all',
      CASE WHEN how = 'text' THEN 'text' ELSE 'all' END, how,
      CASE WHEN how = 'text' THEN 'Replied START by text' ELSE 'Taken off the do-not-call list' END,
      nullif(current_setting('callwise.consent_words', true), ''),
      coalesce(nullif(current_setting('callwise.consent_by', true), ''),
        CASE WHEN how = 'text' THEN 'The person' END)
    FROM (SELECT 1) AS one
    LEFT JOIN "contacts" c ON c.account_id = OLD.account_id AND c.phone = OLD.phone
    -- Not when the whole account is being deleted (its rows go with it).
    WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a.id = OLD.account_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "do_not_call_record_consent" AFTER INSERT OR DELETE ON "do_not_call"
  FOR EACH ROW EXECUTE FUNCTION "record_do_not_call_consent"();
