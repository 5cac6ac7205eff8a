-- Workspace-wide analytics reads (all links, QR codes and pages of a workspace, one dimension,
-- a date range) scan by (workspace, dimension, time) instead of every row of the workspace.
-- No counter column is indexed, so ingest increments stay HOT updates.
CREATE INDEX ix_analytics_rollup_hourly_ws_dim ON analytics_rollup_hourly (workspace_id, dimension, bucket_start);
CREATE INDEX ix_analytics_rollup_daily_ws_dim ON analytics_rollup_daily (workspace_id, dimension, bucket_start);
