-- DECISIONS D-437: the daily rollups of a UTC day are complete only once the fold job has run after
-- the day ended and no event captured in it still waits in Redis. Readers took every day before
-- today from the daily rows, so from midnight until the next fold (and for as long as the worker
-- was down) yesterday's numbers read as zero. folded_through is the instant before which the daily
-- rows are complete; the fold job advances it, readers take later days from the hourly rows.
-- It starts at yesterday's midnight (UTC): the first fold refolds yesterday and today, and reading
-- those two days from hourly rows is exact meanwhile (every plan keeps 30 days of hourly rows).
CREATE TABLE analytics_fold_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  folded_through timestamptz NOT NULL
);
INSERT INTO analytics_fold_state (folded_through)
VALUES (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day');
