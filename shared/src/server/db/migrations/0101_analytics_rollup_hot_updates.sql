-- The ingest increments every hourly rollup row a batch touches (~1,000 rows per 1,000 events).
-- Free room on each page keeps those updates HOT (no new index entries), and the upsert sets
-- updated_at itself, so the row trigger only runs for updates that do not.
ALTER TABLE analytics_rollup_hourly SET (fillfactor = 70);
DROP TRIGGER tr_analytics_rollup_hourly_touch ON analytics_rollup_hourly;
CREATE TRIGGER tr_analytics_rollup_hourly_touch BEFORE UPDATE ON analytics_rollup_hourly FOR EACH ROW
  WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION touch_updated_at();
