-- The hourly cube of 0160 summed over the workspace's resources. A workspace-wide filtered
-- view (the dashboard's default) reads it: an hour's events spread over many links and QR codes
-- make several times fewer combinations without the resource in the key. Rebuilt in the same
-- transaction as the per-resource rows of the same hours (so analytics_cube_state.built_through
-- covers both), deleted with them by retention (D-330).
CREATE TABLE analytics_cube_workspace_hourly (
  workspace_id uuid NOT NULL,
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
CREATE INDEX ix_analytics_cube_workspace_hourly_ws_time ON analytics_cube_workspace_hourly (workspace_id, bucket_start);
CREATE INDEX ix_analytics_cube_workspace_hourly_country ON analytics_cube_workspace_hourly (workspace_id, country, bucket_start);
CREATE INDEX ix_analytics_cube_workspace_hourly_referrer ON analytics_cube_workspace_hourly (workspace_id, referrer_host, bucket_start);
CREATE INDEX ix_analytics_cube_workspace_hourly_campaign ON analytics_cube_workspace_hourly (workspace_id, utm_campaign, bucket_start)
  WHERE utm_campaign <> '';
CREATE INDEX ix_analytics_cube_workspace_hourly_bucket ON analytics_cube_workspace_hourly (bucket_start);

-- hours the worker built before this table existed
INSERT INTO analytics_cube_workspace_hourly (workspace_id, bucket_start, country, region, device_type, os_family, browser_family,
  referrer_host, utm_source, utm_medium, utm_campaign, language, variant, clicks, scans, page_views)
SELECT workspace_id, bucket_start, country, region, device_type, os_family, browser_family, referrer_host, utm_source, utm_medium,
       utm_campaign, language, variant, sum(clicks), sum(scans), sum(page_views)
  FROM analytics_cube_hourly
 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
