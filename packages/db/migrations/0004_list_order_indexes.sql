DROP INDEX "calls_account_created_idx";--> statement-breakpoint
DROP INDEX "calls_account_status_created_idx";--> statement-breakpoint
DROP INDEX "contacts_account_created_idx";--> statement-breakpoint
DROP INDEX "scripts_account_created_idx";--> statement-breakpoint
CREATE INDEX "calls_account_created_id_idx" ON "calls" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_account_status_created_id_idx" ON "calls" USING btree ("account_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_created_id_idx" ON "contacts" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scripts_account_created_id_idx" ON "scripts" USING btree ("account_id","created_at","id");