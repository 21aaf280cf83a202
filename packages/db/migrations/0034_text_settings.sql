ALTER TABLE "accounts" ADD COLUMN "follow_up_text_call_types" text[] DEFAULT '{appointment-reminder}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "follow_up_text" text DEFAULT 'Hi {{first_name}}, {{business_name}} tried to call you. Reply C to confirm your appointment, R to pick a new time.' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "missed_call_text_back" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "missed_call_text" text DEFAULT 'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.' NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_ended_at_idx" ON "calls" USING btree ("ended_at") WHERE ended_at IS NOT NULL;