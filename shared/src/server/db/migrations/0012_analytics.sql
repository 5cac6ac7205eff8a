-- Analytics: raw events (daily range partitions), hourly/daily rollups, unique visitor days,
-- per-resource summaries for the editor, and export jobs.
-- No column anywhere holds a raw IP address or a raw User-Agent (docs/product-rules.md#privacy).

CREATE TABLE click_events (
  id uuid NOT NULL DEFAULT uuid_generate_v7(),
  occurred_at timestamptz NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('click', 'scan', 'page_view')),
  workspace_id uuid NOT NULL,
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'qr_code', 'bio_page', 'bio_block')),
  resource_id uuid NOT NULL,
  -- the bio page of a bio_block click, else NULL
  parent_resource_id uuid,
  -- first 16 bytes of SHA-256(daily salt ‖ workspace_id ‖ ip ‖ user agent)
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 16),
  -- daily-salted 16-byte digest of the User-Agent, only to cluster bot signatures
  ua_hash bytea CHECK (octet_length(ua_hash) = 16),
  country_code text CHECK (country_code ~ '^[A-Z]{2}$'),
  region_code text CHECK (char_length(region_code) <= 8),
  device_type text CHECK (char_length(device_type) <= 32),
  os_family text CHECK (char_length(os_family) <= 64),
  browser_family text CHECK (char_length(browser_family) <= 64),
  referrer_host text CHECK (char_length(referrer_host) <= 253),
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  variant_id uuid,
  -- QR fallback chain stage (docs/product-rules.md#qr-fallback-chain): 1 live, 2 last good, 3 holding page, 4 generic page; NULL otherwise
  fallback_stage smallint CHECK (fallback_stage BETWEEN 1 AND 4),
  is_bot boolean NOT NULL DEFAULT false,
  -- Redis stream entry id ('1700000000000-0'): re-ingesting a batch is a no-op (ON CONFLICT DO NOTHING)
  stream_message_id text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id, occurred_at),
  UNIQUE (stream_message_id, occurred_at)
) PARTITION BY RANGE (occurred_at);
CREATE INDEX ix_click_events_resource_time ON click_events (resource_id, occurred_at);
CREATE INDEX ix_click_events_ws_time ON click_events (workspace_id, occurred_at);

-- Creates the partition holding one UTC day (click_events_pYYYYMMDD) if missing; returns its name.
CREATE OR REPLACE FUNCTION create_click_events_partition(day date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  part text := 'click_events_p' || to_char(day, 'YYYYMMDD');
  lo timestamptz := (day::timestamp AT TIME ZONE 'UTC');
  hi timestamptz := ((day + 1)::timestamp AT TIME ZONE 'UTC');
BEGIN
  IF to_regclass(part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF click_events FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  END IF;
  RETURN part;
END $$;

-- Creates every daily partition from first_day to last_day inclusive; returns how many days.
CREATE OR REPLACE FUNCTION ensure_click_events_partitions(first_day date, last_day date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  d date := first_day;
  n integer := 0;
BEGIN
  WHILE d <= last_day LOOP
    PERFORM create_click_events_partition(d);
    d := d + 1;
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;

-- Retention: drops every daily partition entirely before cutoff; returns the dropped names.
CREATE OR REPLACE FUNCTION drop_click_events_partitions_before(cutoff date) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT c.relname FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'click_events' AND c.relname ~ '^click_events_p[0-9]{8}$'
       AND to_date(substring(c.relname FROM 15 FOR 8), 'YYYYMMDD') < cutoff
     ORDER BY c.relname
  LOOP
    EXECUTE format('DROP TABLE %I', part.relname);
    RETURN NEXT part.relname;
  END LOOP;
END $$;

-- Yesterday through a week ahead exist from the start; the worker keeps creating them ahead.
SELECT ensure_click_events_partitions((now() AT TIME ZONE 'UTC')::date - 1, (now() AT TIME ZONE 'UTC')::date + 7);

-- Rollups: dimension 'all' with value '' holds the totals; other dimensions: country, region,
-- device_type, os_family, browser_family, referrer_host, utm_source, utm_medium, utm_campaign,
-- variant, fallback_stage. Upserted by increment (ON CONFLICT … DO UPDATE SET clicks = clicks + EXCLUDED.clicks …).
CREATE TABLE analytics_rollup_hourly (
  workspace_id uuid NOT NULL,
  resource_id uuid NOT NULL,
  bucket_start timestamptz NOT NULL CHECK (date_trunc('hour', bucket_start AT TIME ZONE 'UTC') = bucket_start AT TIME ZONE 'UTC'),
  dimension text NOT NULL CHECK (char_length(dimension) BETWEEN 1 AND 32),
  value text NOT NULL DEFAULT '',
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'qr_code', 'bio_page', 'bio_block')),
  clicks bigint NOT NULL DEFAULT 0,
  scans bigint NOT NULL DEFAULT 0,
  page_views bigint NOT NULL DEFAULT 0,
  bot_events bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, resource_id, bucket_start, dimension, value)
);
CREATE INDEX ix_analytics_rollup_hourly_resource ON analytics_rollup_hourly (resource_id, dimension, bucket_start);
CREATE INDEX ix_analytics_rollup_hourly_bucket ON analytics_rollup_hourly (bucket_start);

CREATE TABLE analytics_rollup_daily (
  workspace_id uuid NOT NULL,
  resource_id uuid NOT NULL,
  -- midnight UTC of the day
  bucket_start timestamptz NOT NULL CHECK (date_trunc('day', bucket_start AT TIME ZONE 'UTC') = bucket_start AT TIME ZONE 'UTC'),
  dimension text NOT NULL CHECK (char_length(dimension) BETWEEN 1 AND 32),
  value text NOT NULL DEFAULT '',
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'qr_code', 'bio_page', 'bio_block')),
  clicks bigint NOT NULL DEFAULT 0,
  scans bigint NOT NULL DEFAULT 0,
  page_views bigint NOT NULL DEFAULT 0,
  bot_events bigint NOT NULL DEFAULT 0,
  unique_visitors bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, resource_id, bucket_start, dimension, value)
);
CREATE INDEX ix_analytics_rollup_daily_resource ON analytics_rollup_daily (resource_id, dimension, bucket_start);

-- One row per (resource, UTC day, visitor): count(*) per day = unique visitors (bots excluded by the writer).
CREATE TABLE analytics_unique_visitor_days (
  workspace_id uuid NOT NULL,
  resource_id uuid NOT NULL,
  event_date date NOT NULL,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 16),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource_id, event_date, visitor_hash)
);
CREATE INDEX ix_analytics_unique_visitor_days_ws_date ON analytics_unique_visitor_days (workspace_id, event_date);

-- Small totals per resource, synced to the editor as summary/{resourceId} so numbers show offline.
CREATE TABLE analytics_summaries (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'qr_code', 'bio_page')),
  resource_id uuid NOT NULL,
  clicks_7d bigint NOT NULL DEFAULT 0,
  clicks_30d bigint NOT NULL DEFAULT 0,
  scans_7d bigint NOT NULL DEFAULT 0,
  scans_30d bigint NOT NULL DEFAULT 0,
  page_views_7d bigint NOT NULL DEFAULT 0,
  page_views_30d bigint NOT NULL DEFAULT 0,
  unique_visitors_7d bigint NOT NULL DEFAULT 0,
  unique_visitors_30d bigint NOT NULL DEFAULT 0,
  total_events bigint NOT NULL DEFAULT 0,
  last_event_at timestamptz,
  computed_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_analytics_summaries_resource ON analytics_summaries (resource_id);
CREATE INDEX ix_analytics_summaries_ws ON analytics_summaries (workspace_id);
CREATE TRIGGER tr_analytics_summaries_version BEFORE UPDATE ON analytics_summaries FOR EACH ROW EXECUTE FUNCTION bump_row_version();

CREATE TABLE export_jobs (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  requested_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('analytics_csv', 'leads_csv', 'workspace_data')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'expired')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  row_count bigint,
  storage_key text,
  content_type text,
  byte_size bigint,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_export_jobs_done CHECK (status <> 'succeeded' OR (storage_key IS NOT NULL AND finished_at IS NOT NULL))
);
CREATE INDEX ix_export_jobs_ws ON export_jobs (workspace_id, created_at DESC);
CREATE INDEX ix_export_jobs_status ON export_jobs (status) WHERE status IN ('queued', 'running');
CREATE TRIGGER tr_export_jobs_touch BEFORE UPDATE ON export_jobs FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER tr_analytics_rollup_hourly_touch BEFORE UPDATE ON analytics_rollup_hourly FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER tr_analytics_rollup_daily_touch BEFORE UPDATE ON analytics_rollup_daily FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
