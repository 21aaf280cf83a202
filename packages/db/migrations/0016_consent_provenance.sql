ALTER TABLE "contact_imports" ADD COLUMN "consent_default" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_recorded_by" text;