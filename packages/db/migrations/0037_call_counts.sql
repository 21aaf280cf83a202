CREATE TABLE "call_count_changes" (
	"account_id" uuid NOT NULL,
	"campaign_id" uuid,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"tried" boolean NOT NULL,
	"handled" boolean NOT NULL,
	"placed_quarter" timestamp with time zone,
	"created_quarter" timestamp with time zone NOT NULL,
	"calls" bigint NOT NULL,
	"duration_sum" bigint NOT NULL,
	"duration_count" bigint NOT NULL,
	"cost_sum" numeric NOT NULL,
	"overage_calls" bigint NOT NULL,
	"overage_usd" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_counts" (
	"account_id" uuid NOT NULL,
	"campaign_id" uuid,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"tried" boolean NOT NULL,
	"handled" boolean NOT NULL,
	"calls" bigint NOT NULL,
	"duration_sum" bigint NOT NULL,
	"duration_count" bigint NOT NULL,
	"cost_sum" numeric NOT NULL,
	CONSTRAINT "call_counts_key" UNIQUE NULLS NOT DISTINCT("account_id","campaign_id","direction","status","outcome","tried","handled")
);
--> statement-breakpoint
CREATE TABLE "call_created_quarters" (
	"account_id" uuid NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"calls" bigint NOT NULL,
	"overage_calls" bigint NOT NULL,
	"overage_usd" numeric NOT NULL,
	CONSTRAINT "call_created_quarters_account_id_quarter_pk" PRIMARY KEY("account_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "call_placed_quarters" (
	"account_id" uuid NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"completed" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"other" bigint NOT NULL,
	CONSTRAINT "call_placed_quarters_account_id_quarter_pk" PRIMARY KEY("account_id","quarter")
);
--> statement-breakpoint
CREATE INDEX "call_count_changes_account_idx" ON "call_count_changes" USING btree ("account_id");--> statement-breakpoint
-- Written by hand (decision 032): every statement that inserts, changes or deletes calls appends its net change
-- per key to call_count_changes, in the same transaction; a background fold (foldCallCounts) moves them into
-- call_counts, call_placed_quarters and call_created_quarters. The placed statuses are PLACED_STATUSES of
-- @callwise/shared/calls (a test holds the two equal).
CREATE FUNCTION "callwise_placed_status"(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status IN ('ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed')
$$;--> statement-breakpoint
CREATE FUNCTION "callwise_quarter"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('15 minutes', at, TIMESTAMPTZ '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
CREATE FUNCTION "callwise_count_calls"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "call_count_changes"
    SELECT "account_id", "campaign_id", "direction", "status", "outcome", "attempts" > 0, "handled_at" IS NOT NULL,
      CASE WHEN callwise_placed_status("status") THEN callwise_quarter(coalesce("placed_at", "ended_at", "updated_at")) END,
      callwise_quarter("created_at"),
      count(*), coalesce(sum("duration"), 0), count("duration"), coalesce(sum("cost"), 0),
      count(*) FILTER (WHERE "overage_usd" > 0), coalesce(sum("overage_usd"), 0)
    FROM "new_calls" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "call_count_changes"
    SELECT "account_id", "campaign_id", "direction", "status", "outcome", "attempts" > 0, "handled_at" IS NOT NULL,
      CASE WHEN callwise_placed_status("status") THEN callwise_quarter(coalesce("placed_at", "ended_at", "updated_at")) END,
      callwise_quarter("created_at"),
      -count(*), -coalesce(sum("duration"), 0), -count("duration"), -coalesce(sum("cost"), 0),
      -count(*) FILTER (WHERE "overage_usd" > 0), -coalesce(sum("overage_usd"), 0)
    FROM "old_calls" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  ELSE
    -- An update: each row leaves its old key and enters its new one; what nets to nothing is not written.
    INSERT INTO "call_count_changes"
    SELECT "account_id", "campaign_id", "direction", "status", "outcome", "tried", "handled", "placed_quarter",
      "created_quarter", sum("calls"), sum("duration_sum"), sum("duration_count"), sum("cost_sum"),
      sum("overage_calls"), sum("overage_usd")
    FROM (
      SELECT "account_id", "campaign_id", "direction", "status", "outcome", "attempts" > 0 AS "tried",
        "handled_at" IS NOT NULL AS "handled",
        CASE WHEN callwise_placed_status("status") THEN callwise_quarter(coalesce("placed_at", "ended_at", "updated_at")) END AS "placed_quarter",
        callwise_quarter("created_at") AS "created_quarter",
        -1 AS "calls", -coalesce("duration", 0) AS "duration_sum", -(("duration" IS NOT NULL)::int) AS "duration_count",
        -coalesce("cost", 0) AS "cost_sum", -(("overage_usd" > 0)::int) AS "overage_calls", -"overage_usd" AS "overage_usd"
      FROM "old_calls"
      UNION ALL
      SELECT "account_id", "campaign_id", "direction", "status", "outcome", "attempts" > 0, "handled_at" IS NOT NULL,
        CASE WHEN callwise_placed_status("status") THEN callwise_quarter(coalesce("placed_at", "ended_at", "updated_at")) END,
        callwise_quarter("created_at"),
        1, coalesce("duration", 0), ("duration" IS NOT NULL)::int, coalesce("cost", 0), ("overage_usd" > 0)::int,
        "overage_usd"
      FROM "new_calls"
    ) AS "moved"
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum("calls") <> 0 OR sum("duration_sum") <> 0 OR sum("duration_count") <> 0 OR sum("cost_sum") <> 0
      OR sum("overage_calls") <> 0 OR sum("overage_usd") <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The calls already written, as one change per key (folded on the first run).
INSERT INTO "call_count_changes"
SELECT "account_id", "campaign_id", "direction", "status", "outcome", "attempts" > 0, "handled_at" IS NOT NULL,
  CASE WHEN callwise_placed_status("status") THEN callwise_quarter(coalesce("placed_at", "ended_at", "updated_at")) END,
  callwise_quarter("created_at"),
  count(*), coalesce(sum("duration"), 0), count("duration"), coalesce(sum("cost"), 0),
  count(*) FILTER (WHERE "overage_usd" > 0), coalesce(sum("overage_usd"), 0)
FROM "calls" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
CREATE TRIGGER "calls_counted_on_insert" AFTER INSERT ON "calls"
  REFERENCING NEW TABLE AS "new_calls" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_count_calls"();--> statement-breakpoint
CREATE TRIGGER "calls_counted_on_update" AFTER UPDATE ON "calls"
  REFERENCING OLD TABLE AS "old_calls" NEW TABLE AS "new_calls" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_count_calls"();--> statement-breakpoint
CREATE TRIGGER "calls_counted_on_delete" AFTER DELETE ON "calls"
  REFERENCING OLD TABLE AS "old_calls" FOR EACH STATEMENT EXECUTE FUNCTION "callwise_count_calls"();
