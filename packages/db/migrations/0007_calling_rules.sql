CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"call_id" uuid,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"provider_call_id" text,
	"answered_by" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration" integer,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"script_id" uuid,
	"call_type" text DEFAULT 'custom' NOT NULL,
	"voice" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"pace_per_hour" integer,
	"requested" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"to_number" text NOT NULL,
	"provider_call_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "do_not_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"source" text DEFAULT 'added' NOT NULL,
	"note" text,
	"call_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"url" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "daily_call_cap" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "disclosure" text DEFAULT 'This is an automated call from {{business_name}}.' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "monthly_budget_usd" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "overage_usd" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_account_created_id_idx" ON "billing_charges" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_attempts_call_attempt_key" ON "call_attempts" USING btree ("call_id","attempt");--> statement-breakpoint
CREATE INDEX "campaigns_account_created_id_idx" ON "campaigns" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_account_phone_key" ON "do_not_call" USING btree ("account_id","phone");--> statement-breakpoint
CREATE INDEX "do_not_call_account_created_id_idx" ON "do_not_call" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_call_idx" ON "webhook_deliveries" USING btree ("call_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_account_phone_scheduled_idx" ON "calls" USING btree ("account_id","phone","scheduled_at");--> statement-breakpoint
CREATE INDEX "calls_campaign_idx" ON "calls" USING btree ("campaign_id") WHERE campaign_id IS NOT NULL;--> statement-breakpoint
-- Each attempt of a call, kept when it ends: a retry resets the call for the next attempt, this row stays.
CREATE FUNCTION "record_call_attempt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "call_attempts" ("account_id", "call_id", "attempt", "status", "provider_call_id", "answered_by",
    "started_at", "ended_at", "duration", "failure_reason")
  VALUES (NEW."account_id", NEW."id", GREATEST(NEW."attempts", 1), NEW."status", NEW."provider_call_id",
    NEW."answered_by", NEW."started_at", NEW."ended_at", NEW."duration", NEW."failure_reason")
  ON CONFLICT ("call_id", "attempt") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_record_attempt" AFTER UPDATE OF "status" ON "calls" FOR EACH ROW
  WHEN (NEW."status" IN ('completed', 'busy', 'no-answer', 'failed') AND OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "record_call_attempt"();
--> statement-breakpoint
-- Every status change of a call with a callback_url is queued for delivery in the statement that makes it
-- (a transactional outbox: a crash cannot lose one, and a change rolled back is never sent).
CREATE FUNCTION "queue_call_webhook"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" IS NOT DISTINCT FROM NEW."status" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "webhook_deliveries" ("account_id", "call_id", "url", "event_type", "payload")
  VALUES (NEW."account_id", NEW."id", NEW."callback_url", 'call.status_changed', jsonb_build_object(
    'id', NEW."id",
    'status', NEW."status",
    'previous_status', CASE WHEN TG_OP = 'UPDATE' THEN OLD."status" END,
    'outcome', NEW."outcome",
    'phone', NEW."phone",
    'recipient_name', NEW."recipient_name",
    'call_type', NEW."call_type",
    'contact_id', NEW."contact_id",
    'campaign_id', NEW."campaign_id",
    'attempts', NEW."attempts",
    'scheduled_at', NEW."scheduled_at",
    'started_at', NEW."started_at",
    'ended_at', NEW."ended_at",
    'duration', NEW."duration",
    'cost', NEW."cost",
    'answered_by', NEW."answered_by",
    'failure_reason', NEW."failure_reason",
    'changed_at', now()
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_queue_webhook" AFTER INSERT OR UPDATE OF "status" ON "calls" FOR EACH ROW
  WHEN (NEW."callback_url" IS NOT NULL)
  EXECUTE FUNCTION "queue_call_webhook"();
