CREATE TABLE "calendar_writebacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"action" text NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_writebacks_action" CHECK ("calendar_writebacks"."action" IN ('cancel', 'reschedule')),
	CONSTRAINT "calendar_writebacks_status" CHECK ("calendar_writebacks"."status" IN ('pending', 'sending', 'done', 'skipped', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "calendar_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "staff" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_writebacks" ADD CONSTRAINT "calendar_writebacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writebacks" ADD CONSTRAINT "calendar_writebacks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writebacks" ADD CONSTRAINT "calendar_writebacks_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_writebacks_key" ON "calendar_writebacks" USING btree ("appointment_id","action");--> statement-breakpoint
CREATE INDEX "calendar_writebacks_account_idx" ON "calendar_writebacks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "calendar_writebacks_due_idx" ON "calendar_writebacks" USING btree ("send_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "calendar_writebacks_sending_idx" ON "calendar_writebacks" USING btree ("claimed_at") WHERE status = 'sending';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_calendar_connection_id_calendar_connections_id_fk" FOREIGN KEY ("calendar_connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 022): an account's Cal.com appointments made before connections were recorded on them
-- belong to its one Cal.com connection, when it has exactly one.
UPDATE "appointments" a SET "calendar_connection_id" = (
  SELECT c."id" FROM "calendar_connections" c WHERE c."account_id" = a."account_id" AND c."kind" = 'calcom'
)
WHERE a."source" = 'calcom' AND a."calendar_connection_id" IS NULL
  AND (SELECT count(*) FROM "calendar_connections" c WHERE c."account_id" = a."account_id" AND c."kind" = 'calcom') = 1;
--> statement-breakpoint
-- Written by hand (decision 022): an appointment from a calendar that can be written to (a Cal.com connection with
-- an API key), cancelled or moved here by whatever path (the owner, the API, a callee's answer, the customer's
-- page, the waitlist), gets a write-back in the statement that changes it. A change the calendar itself made
-- (the sync sets callwise.calendar_origin for its transaction) is not written back to it.
CREATE FUNCTION "plan_calendar_writeback"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('scheduled', 'confirmed', 'reschedule_requested')
    AND NEW."status" IN ('cancelled', 'rescheduled')
    AND NEW."calendar_connection_id" IS NOT NULL
    AND coalesce(current_setting('callwise.calendar_origin', true), '') <> 'on'
    AND EXISTS (
      SELECT 1 FROM "calendar_connections" c
      WHERE c."id" = NEW."calendar_connection_id" AND c."kind" = 'calcom' AND c."api_key" IS NOT NULL
    ) THEN
    INSERT INTO "calendar_writebacks" ("account_id", "appointment_id", "connection_id", "action")
    VALUES (
      NEW."account_id", NEW."id", NEW."calendar_connection_id",
      CASE WHEN NEW."status" = 'cancelled' THEN 'cancel' ELSE 'reschedule' END
    )
    ON CONFLICT ("appointment_id", "action") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_plan_calendar_writeback" AFTER UPDATE OF "status" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "plan_calendar_writeback"();
--> statement-breakpoint
-- Written by hand (decision 021, amended): the notice a freed slot needs to be offered to the waitlist is the
-- account's `waitlist_notice_hours` booking setting (2 hours when unset).
CREATE OR REPLACE FUNCTION "open_slot_offer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('scheduled', 'confirmed', 'reschedule_requested')
    AND NEW."status" IN ('cancelled', 'rescheduled')
    AND EXISTS (
      SELECT 1 FROM "waitlist_entries" w WHERE w."account_id" = NEW."account_id" AND w."status" = 'waiting'
    )
    AND NEW."starts_at" > now() + make_interval(hours => coalesce((
      SELECT (s."settings" ->> 'waitlist_notice_hours')::integer FROM "booking_settings" s
      WHERE s."account_id" = NEW."account_id"
    ), 2)) THEN
    INSERT INTO "slot_offers" ("account_id", "freed_appointment_id", "starts_at", "ends_at", "staff", "service")
    VALUES (NEW."account_id", NEW."id", NEW."starts_at", NEW."ends_at", NEW."staff", NEW."service")
    ON CONFLICT ("freed_appointment_id") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
