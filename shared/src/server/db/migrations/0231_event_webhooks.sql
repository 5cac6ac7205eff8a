-- Event webhooks (D-632): clicks, scans and page views reach webhook endpoints in batches.
-- resource_ids: an endpoint's optional filter (only events about these links, QR codes or bio
-- pages; NULL: every resource). webhook_event_buffer holds the traffic events waiting for their
-- endpoint's next batch (at most WEBHOOK_BATCH_MAX events or WEBHOOK_BATCH_WINDOW_MS): one row per
-- endpoint, type and ingest batch, `events` a JSON array of `n` events kept as text (never queried
-- inside, so not parsed on the ingest path); a flush deletes what it turns into deliveries. No IP
-- address or User-Agent is ever stored here.
ALTER TABLE webhook_endpoints ADD COLUMN resource_ids uuid[];
CREATE TABLE webhook_event_buffer (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  event_type text NOT NULL CHECK (event_type IN ('link.clicked', 'qr.scanned', 'page.viewed')),
  events text NOT NULL,
  n integer NOT NULL CHECK (n > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Kept a few seconds and read once: not compressed (pglz on megabytes cost the ingest path more than it saved).
ALTER TABLE webhook_event_buffer ALTER COLUMN events SET STORAGE EXTERNAL;
CREATE INDEX ix_webhook_event_buffer_endpoint ON webhook_event_buffer (endpoint_id, event_type, id);
