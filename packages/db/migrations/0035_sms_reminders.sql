DROP INDEX "appointment_emails_key";--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_emails_key" ON "appointment_emails" USING btree ("appointment_id","kind","channel","minutes_before","starts_at");--> statement-breakpoint
ALTER TABLE "appointment_emails" ADD CONSTRAINT "appointment_emails_channel" CHECK ("appointment_emails"."channel" IN ('email', 'sms'));