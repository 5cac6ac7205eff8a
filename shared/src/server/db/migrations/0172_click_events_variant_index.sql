-- DECISIONS D-405: the (resource_id, occurred_at) index of click_events only serves the
-- experiment rollup (worker/src/experiments/rollup.ts), which reads the events of one resource that
-- carry a variant; every other reader goes by workspace and time. As a whole index it cost every
-- captured event a btree insert; kept only for the rows with a variant, an event outside a test
-- costs none. The rollup's query says `variant_id IS NOT NULL`, so the planner can use it.
DROP INDEX ix_click_events_resource_time;
CREATE INDEX ix_click_events_variant_resource_time ON click_events (resource_id, occurred_at)
  WHERE variant_id IS NOT NULL;
