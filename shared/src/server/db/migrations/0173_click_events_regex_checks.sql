-- DECISIONS D-436: the two regex CHECKs of click_events (country_code ~ '^[A-Z]{2}$',
-- language ~ '^[a-z]{2,3}$') cost PostgreSQL ~0.4 µs of CPU per captured event, a tenth of its COPY.
-- The ingest is the only writer of the table and refuses the same values before it writes (the
-- entry parse checks each run of countries and languages against the same patterns, once per run:
-- worker/src/ingest/entry-rows.ts), so the table keeps its cheap guards (lengths, hashes, enums) and
-- drops these two. Dropping a constraint is instant: no row is read.
ALTER TABLE click_events DROP CONSTRAINT click_events_country_code_check;
ALTER TABLE click_events DROP CONSTRAINT click_events_language_check;
