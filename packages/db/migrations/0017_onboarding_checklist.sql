ALTER TABLE "accounts" ADD COLUMN "profile_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "checklist_hidden_at" timestamp with time zone;