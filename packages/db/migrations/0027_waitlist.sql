CREATE TABLE "slot_offer_attempts" (
	"offer_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"call_id" uuid,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_offer_attempts_offer_id_entry_id_pk" PRIMARY KEY("offer_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "slot_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"freed_appointment_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"staff" text DEFAULT '' NOT NULL,
	"service" text,
	"status" text DEFAULT 'open' NOT NULL,
	"filled_entry_id" uuid,
	"filled_appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"service" text,
	"staff" text,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"earliest_minute" integer,
	"latest_minute" integer,
	"notes" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"booked_appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "slot_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "slot_offer_attempts" ADD CONSTRAINT "slot_offer_attempts_offer_id_slot_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."slot_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offer_attempts" ADD CONSTRAINT "slot_offer_attempts_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offer_attempts" ADD CONSTRAINT "slot_offer_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offer_attempts" ADD CONSTRAINT "slot_offer_attempts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_freed_appointment_id_appointments_id_fk" FOREIGN KEY ("freed_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_filled_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("filled_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_filled_appointment_id_appointments_id_fk" FOREIGN KEY ("filled_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booked_appointment_id_appointments_id_fk" FOREIGN KEY ("booked_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_offers_freed_key" ON "slot_offers" USING btree ("freed_appointment_id");--> statement-breakpoint
CREATE INDEX "slot_offers_account_idx" ON "slot_offers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "slot_offers_open_idx" ON "slot_offers" USING btree ("status") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_entries_account_idx" ON "waitlist_entries" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_contact_idx" ON "waitlist_entries" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_slot_offer_id_slot_offers_id_fk" FOREIGN KEY ("slot_offer_id") REFERENCES "public"."slot_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 021): a slot freed at least two hours ahead — an appointment holding it cancelled or
-- moved, by whatever path (the owner, the API, a callee's answer, a calendar) — is offered to the account's
-- waitlist, in the statement that frees it. One offer per freed appointment.
CREATE FUNCTION "open_slot_offer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('scheduled', 'confirmed', 'reschedule_requested')
    AND NEW."status" IN ('cancelled', 'rescheduled')
    AND NEW."starts_at" > now() + interval '2 hours'
    AND EXISTS (
      SELECT 1 FROM "waitlist_entries" w WHERE w."account_id" = NEW."account_id" AND w."status" = 'waiting'
    ) THEN
    INSERT INTO "slot_offers" ("account_id", "freed_appointment_id", "starts_at", "ends_at", "staff", "service")
    VALUES (NEW."account_id", NEW."id", NEW."starts_at", NEW."ends_at", NEW."staff", NEW."service")
    ON CONFLICT ("freed_appointment_id") DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_open_slot_offer" AFTER UPDATE OF "status" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "open_slot_offer"();
