CREATE TABLE "appointment_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minutes_before" integer NOT NULL,
	"only_if_unconfirmed" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_emails_kind" CHECK ("appointment_emails"."kind" IN ('reminder', 'moved')),
	CONSTRAINT "appointment_emails_status" CHECK ("appointment_emails"."status" IN ('pending', 'sending', 'sent', 'skipped', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_emails_key" ON "appointment_emails" USING btree ("appointment_id","kind","minutes_before","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_emails_account_idx" ON "appointment_emails" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_emails_due_idx" ON "appointment_emails" USING btree ("send_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "appointment_emails_sending_idx" ON "appointment_emails" USING btree ("claimed_at") WHERE status = 'sending';