ALTER TABLE "accounts" ADD COLUMN "webhook_secret_previous" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "webhook_secret_rotated_at" timestamp with time zone;