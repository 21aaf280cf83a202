CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"phone" text NOT NULL,
	"business_number" text,
	"contact_id" uuid,
	"body" text NOT NULL,
	"segments" integer NOT NULL,
	"encoding" text NOT NULL,
	"cost" numeric(12, 4),
	"error" text,
	"call_id" uuid,
	"appointment_id" uuid,
	"provider_message_id" text,
	"dedupe_key" text,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_direction" CHECK ("messages"."direction" IN ('outbound', 'inbound')),
	CONSTRAINT "messages_kind" CHECK ("messages"."kind" IN ('manual', 'keyword_reply', 'call_follow_up', 'missed_call', 'reminder', 'reply')),
	CONSTRAINT "messages_status" CHECK ("messages"."status" IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'unknown', 'skipped', 'received')),
	CONSTRAINT "messages_encoding" CHECK ("messages"."encoding" IN ('GSM-7', 'UCS-2'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_account_created_idx" ON "messages" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_account_phone_idx" ON "messages" USING btree ("account_id","phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_key" ON "messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_key" ON "messages" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("send_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("claimed_at") WHERE status = 'sending';