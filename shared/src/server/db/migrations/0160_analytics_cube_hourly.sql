-- The filtered dashboard's source. One row per (workspace, resource, UTC hour, combination
-- of every filterable dimension value) with the human events of that combination, so a view with
-- any filters (country = FR and referrer = google.com) sums cube rows instead of scanning raw events.
-- Values are the rollups' expressions (shared/analytics/rollup-dimensions.ts): '' is "unknown",
-- region is `FR-IDF`. Event types are counters, not a key, so a combination is one row whatever its
-- mix of clicks, scans and page views. Bots are left out (the dashboard never shows them).
-- Written by the worker's hourly fold for closed hours (never by the ingest), rebuilt with the
-- rollups by the reconciliation, deleted past the plan's hourly rollup retention. Readers use it for
-- hours before analytics_cube_state.built_through and raw events for the others (D-330).
CREATE TABLE analytics_cube_hourly (
  workspace_id uuid NOT NULL,
  -- the bio page of a bio block click, as in the rollups
  resource_id uuid NOT NULL,
  bucket_start timestamptz NOT NULL CHECK (date_trunc('hour', bucket_start AT TIME ZONE 'UTC') = bucket_start AT TIME ZONE 'UTC'),
  country text NOT NULL DEFAULT '',
  region text NOT NULL DEFAULT '',
  device_type text NOT NULL DEFAULT '',
  os_family text NOT NULL DEFAULT '',
  browser_family text NOT NULL DEFAULT '',
  referrer_host text NOT NULL DEFAULT '',
  utm_source text NOT NULL DEFAULT '',
  utm_medium text NOT NULL DEFAULT '',
  utm_campaign text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT '',
  variant text NOT NULL DEFAULT '',
  clicks integer NOT NULL DEFAULT 0,
  scans integer NOT NULL DEFAULT 0,
  page_views integer NOT NULL DEFAULT 0
);
-- every read: one workspace over a time range (resources and filters checked on the rows)
CREATE INDEX ix_analytics_cube_hourly_ws_time ON analytics_cube_hourly (workspace_id, bucket_start);
-- the filters people pick first narrow the rows before they are read
CREATE INDEX ix_analytics_cube_hourly_country ON analytics_cube_hourly (workspace_id, country, bucket_start);
CREATE INDEX ix_analytics_cube_hourly_referrer ON analytics_cube_hourly (workspace_id, referrer_host, bucket_start);
CREATE INDEX ix_analytics_cube_hourly_campaign ON analytics_cube_hourly (workspace_id, utm_campaign, bucket_start)
  WHERE utm_campaign <> '';
-- rebuilds and retention delete by hour across workspaces
CREATE INDEX ix_analytics_cube_hourly_bucket ON analytics_cube_hourly (bucket_start);

-- One row: every hour before built_through is in the cube (later hours are read from raw events).
-- NULL until the worker's first fold, which builds the cube from the oldest raw event on, a day per
-- transaction (no backfill here: a migration should not scan every stored event).
CREATE TABLE analytics_cube_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  built_through timestamptz
);
INSERT INTO analytics_cube_state (built_through) VALUES (NULL);
