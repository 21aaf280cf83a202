-- A contact's own first and last names, for {{first_name}} and {{last_name}}. Null (every existing contact): the
-- first word of the name and the rest are used.
ALTER TABLE "contacts" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_name" text;