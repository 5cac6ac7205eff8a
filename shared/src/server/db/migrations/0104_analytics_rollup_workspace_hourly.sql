-- Whole-workspace hourly totals: the dimension 'all' rows of analytics_rollup_hourly summed
-- over every resource of the workspace, one row per (workspace, UTC hour). A whole-workspace
-- timeseries in a non-UTC zone needs hourly buckets, and reading 24 × 90 rows per workspace instead
-- of 24 × 90 per resource keeps it fast however many links a workspace has. Written by the ingest in
-- the same transaction as the per-resource rollups, rebuilt by the reconciliation, deleted with the
-- hourly rollups by retention.
CREATE TABLE analytics_rollup_workspace_hourly (
  workspace_id uuid NOT NULL,
  bucket_start timestamptz NOT NULL CHECK (date_trunc('hour', bucket_start AT TIME ZONE 'UTC') = bucket_start AT TIME ZONE 'UTC'),
  clicks bigint NOT NULL DEFAULT 0,
  scans bigint NOT NULL DEFAULT 0,
  page_views bigint NOT NULL DEFAULT 0,
  bot_events bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, bucket_start)
) WITH (fillfactor = 70);

INSERT INTO analytics_rollup_workspace_hourly (workspace_id, bucket_start, clicks, scans, page_views, bot_events)
SELECT workspace_id, bucket_start, sum(clicks), sum(scans), sum(page_views), sum(bot_events)
  FROM analytics_rollup_hourly WHERE dimension = 'all'
 GROUP BY workspace_id, bucket_start;
