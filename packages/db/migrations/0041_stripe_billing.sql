CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "payment_status" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD COLUMN "usage_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_usage_unreported_idx" ON "billing_charges" USING btree ("created_at") WHERE "billing_charges"."usage_reported_at" IS NULL AND "billing_charges"."kind" IN ('overage', 'refund');--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_payment_status_check" CHECK ("payment_status" IN ('ok', 'past_due'));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_stripe_customer_key" ON "accounts" ("stripe_customer_id") WHERE "stripe_customer_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_stripe_subscription_key" ON "accounts" ("stripe_subscription_id") WHERE "stripe_subscription_id" IS NOT NULL;
