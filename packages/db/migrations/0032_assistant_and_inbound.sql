CREATE TABLE "assistant_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_number_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "direction" text DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "message_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator_calls" ADD COLUMN "inbound" jsonb;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_message_alert_idx" ON "calls" USING btree ("updated_at") WHERE message_alerted_at IS NULL AND outcome IN ('message_taken', 'callback_requested');--> statement-breakpoint
CREATE INDEX "calls_account_inbound_idx" ON "calls" USING btree ("account_id","created_at","id") WHERE direction = 'inbound';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_business_number_key" UNIQUE("business_number");