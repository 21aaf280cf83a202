CREATE INDEX "calls_live_carrier_idx" ON "calls" USING btree ("updated_at") WHERE provider_call_id IS NOT NULL AND status IN ('queued', 'ringing', 'in-progress');--> statement-breakpoint
CREATE INDEX "carrier_requests_created_idx" ON "carrier_requests" USING btree ("created_at");--> statement-breakpoint
-- A cancelled call that was charged as an extra call is refunded in the statement that cancels it, whoever
-- cancels it (the user, a campaign, the do-not-call list): a negative 'refund' charge naming the call.
CREATE FUNCTION "refund_canceled_call"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "billing_charges" ("account_id", "kind", "description", "amount_usd", "call_id")
  VALUES (NEW."account_id", 'refund',
    'Refund: cancelled extra call to ' || NEW."recipient_name" || ' (' || NEW."phone" || ')',
    -NEW."overage_usd", NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_refund_canceled" AFTER UPDATE OF "status" ON "calls" FOR EACH ROW
  WHEN (NEW."status" = 'canceled' AND OLD."status" IS DISTINCT FROM NEW."status" AND NEW."overage_usd" > 0)
  EXECUTE FUNCTION "refund_canceled_call"();
