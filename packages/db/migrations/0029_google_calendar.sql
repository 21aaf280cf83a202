CREATE TABLE "oauth_states" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"name" text,
	"staff" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" DROP CONSTRAINT "calendar_connections_kind";--> statement-breakpoint
ALTER TABLE "calendar_writebacks" DROP CONSTRAINT "calendar_writebacks_action";--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "refresh_token" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "calendar_id" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "calendar_name" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "sync_token" text;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_kind" CHECK ("calendar_connections"."kind" IN ('ics', 'calcom', 'google'));--> statement-breakpoint
ALTER TABLE "calendar_writebacks" ADD CONSTRAINT "calendar_writebacks_action" CHECK ("calendar_writebacks"."action" IN ('cancel', 'reschedule', 'confirm'));--> statement-breakpoint
-- Written by hand (decisions 022, 023): a Google Calendar connection (with its refresh token) also takes
-- confirmations; a Cal.com one (with an API key) cancellations and moves. The calendar's own changes are not
-- written back to it.
CREATE OR REPLACE FUNCTION "plan_calendar_writeback"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  connection record;
  chosen text;
BEGIN
  IF NEW."calendar_connection_id" IS NULL
    OR OLD."status" IS NOT DISTINCT FROM NEW."status"
    OR OLD."status" NOT IN ('scheduled', 'confirmed', 'reschedule_requested')
    OR coalesce(current_setting('callwise.calendar_origin', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT c."kind", c."api_key", c."refresh_token" INTO connection
  FROM "calendar_connections" c WHERE c."id" = NEW."calendar_connection_id";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  chosen := CASE
    WHEN NEW."status" = 'cancelled' THEN 'cancel'
    WHEN NEW."status" = 'rescheduled' THEN 'reschedule'
    WHEN NEW."status" = 'confirmed' AND connection."kind" = 'google' THEN 'confirm'
  END;
  IF chosen IS NOT NULL AND (
    (connection."kind" = 'calcom' AND connection."api_key" IS NOT NULL)
    OR (connection."kind" = 'google' AND connection."refresh_token" IS NOT NULL)
  ) THEN
    INSERT INTO "calendar_writebacks" ("account_id", "appointment_id", "connection_id", "action")
    VALUES (NEW."account_id", NEW."id", NEW."calendar_connection_id", chosen)
    ON CONFLICT ("appointment_id", "action") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
