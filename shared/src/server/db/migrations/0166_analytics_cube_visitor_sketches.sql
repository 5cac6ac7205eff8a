-- D-380: unique visitors under filters. Each cube row (0160, 0161) gets a HyperLogLog
-- sketch of its visitor-days (hash of visitor_hash and the UTC day, the unit of the unfiltered
-- counts) per event type (the type is a counter, not a key: a view of QR scans unites the scan
-- sketches only), so a large filtered view can say "≈ 12.3k" by a union of its rows' sketches.
-- A sketch is NULL when its row has no event of that type. Needs the
-- `hll` extension (Debian postgresql-15-hll, github.com/citusdata/postgresql-hll); where it is not
-- installed or may not be created (the embedded PGlite of the dev launcher, a managed database
-- without it) nothing changes: the column is absent, the worker writes no sketches and a filtered
-- view counts visitors exactly from raw events when that is cheap, else says it does not count them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'hll') THEN
    RAISE NOTICE 'hll is not available here; filtered views count visitors exactly or not at all';
    RETURN;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS hll;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'hll could not be created here (%); filtered views count visitors exactly or not at all', SQLERRM;
    RETURN;
  END;
  ALTER TABLE analytics_cube_hourly ADD COLUMN click_visitors hll, ADD COLUMN scan_visitors hll,
    ADD COLUMN page_view_visitors hll;
  ALTER TABLE analytics_cube_workspace_hourly ADD COLUMN click_visitors hll, ADD COLUMN scan_visitors hll,
    ADD COLUMN page_view_visitors hll;
  -- rows built before have no sketch: the worker rebuilds the cube from the oldest raw event (rows
  -- older than that keep no sketch, and a view reading one does not approximate, D-380)
  UPDATE analytics_cube_state SET built_through = NULL;
END $$;
