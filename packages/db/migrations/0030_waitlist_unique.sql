-- Written by hand: a contact waiting twice for the same service and staff member keeps its oldest entry; the
-- others are removed (they would have been called twice for one slot) before the index makes it impossible.
UPDATE "waitlist_entries" w SET "status" = 'removed'
WHERE w."status" = 'waiting' AND EXISTS (
  SELECT 1 FROM "waitlist_entries" o
  WHERE o."status" = 'waiting' AND o."account_id" = w."account_id" AND o."contact_id" = w."contact_id"
    AND coalesce(o."service", '') = coalesce(w."service", '') AND coalesce(o."staff", '') = coalesce(w."staff", '')
    AND (o."created_at", o."id") < (w."created_at", w."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_waiting_key" ON "waitlist_entries" USING btree ("account_id","contact_id",coalesce("service", ''),coalesce("staff", '')) WHERE status = 'waiting';