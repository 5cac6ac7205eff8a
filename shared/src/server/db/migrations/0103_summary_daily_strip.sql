-- The editor's per-resource mini chart: the last 14 days (in the workspace's time zone, today last),
-- humans only, as [{"day": "YYYY-MM-DD", "count": n}], kept beside the 7/30-day totals.
ALTER TABLE analytics_summaries ADD COLUMN daily_counts jsonb NOT NULL DEFAULT '[]'::jsonb;
