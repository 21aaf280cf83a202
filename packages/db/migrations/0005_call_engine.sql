CREATE TABLE "simulator_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"call_id" uuid NOT NULL,
	"to_number" text NOT NULL,
	"behaviour" text NOT NULL,
	"rings" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "calls_due_idx";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "recording_key" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "recording_created_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_calls_idempotency_key" ON "simulator_calls" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "simulator_calls_unfinished_idx" ON "simulator_calls" USING btree ("lease_until") WHERE finished_at IS NULL;--> statement-breakpoint
CREATE INDEX "calls_dispatch_idx" ON "calls" USING btree ("scheduled_at") WHERE provider_call_id IS NULL AND status IN ('scheduled', 'queued');--> statement-breakpoint
CREATE INDEX "calls_provider_call_idx" ON "calls" USING btree ("provider_call_id");--> statement-breakpoint
CREATE INDEX "calls_recording_created_idx" ON "calls" USING btree ("recording_created_at") WHERE recording_key IS NOT NULL;