ALTER TABLE "webhook_deliveries" ALTER COLUMN "call_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_appointment_idx" ON "webhook_deliveries" USING btree ("appointment_id","created_at") WHERE appointment_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subject" CHECK ((call_id IS NULL) <> (appointment_id IS NULL));--> statement-breakpoint
-- Written by hand (decision 018): every change of an appointment that a receiver acts on is queued for delivery to
-- the account's webhook URL in the statement that makes it (the same transactional outbox as the calls').
CREATE FUNCTION "queue_appointment_webhook"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text;
  event text;
  moved_to "appointments"%ROWTYPE;
BEGIN
  SELECT "webhook_url" INTO target FROM "accounts" WHERE "id" = NEW."account_id";
  IF target IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- A move's new appointment is announced by the old one's appointment.rescheduled.
    IF NEW."rescheduled_from_id" IS NOT NULL THEN
      RETURN NULL;
    END IF;
    event := 'appointment.created';
  ELSIF NEW."rescheduled_to_id" IS NOT NULL AND OLD."rescheduled_to_id" IS NULL THEN
    event := 'appointment.rescheduled';
    SELECT * INTO moved_to FROM "appointments" WHERE "id" = NEW."rescheduled_to_id";
  ELSIF OLD."status" IS DISTINCT FROM NEW."status"
    AND NEW."status" IN ('confirmed', 'cancelled', 'reschedule_requested', 'completed', 'no_show') THEN
    event := 'appointment.' || NEW."status";
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO "webhook_deliveries" ("account_id", "appointment_id", "url", "event_type", "payload")
  VALUES (NEW."account_id", NEW."id", target, event, jsonb_build_object(
    'id', NEW."id",
    'status', NEW."status",
    'previous_status', CASE WHEN TG_OP = 'UPDATE' THEN OLD."status" END,
    'contact_id', NEW."contact_id",
    'starts_at', NEW."starts_at",
    'ends_at', NEW."ends_at",
    'service', NEW."service",
    'staff', NULLIF(NEW."staff", ''),
    'location', NEW."location",
    'source', NEW."source",
    'external_id', NEW."external_id",
    'rescheduled_to', NEW."rescheduled_to_id",
    'rescheduled_from', NEW."rescheduled_from_id",
    'new_starts_at', moved_to."starts_at",
    'new_ends_at', moved_to."ends_at",
    'new_status', moved_to."status",
    'changed_at', now()
  ));
  -- Wakes the senders at once (on commit), in whichever process they run.
  PERFORM pg_notify('callwise_webhooks_due', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_queue_webhook" AFTER INSERT OR UPDATE OF "status", "rescheduled_to_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "queue_appointment_webhook"();
