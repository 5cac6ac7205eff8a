-- Outbound webhook endpoints become manageable (expand only).
-- kind: a signed webhook, or an ESP adapter (Mailchimp, ConvertKit) that syncs leads through the
-- same delivery path; config holds the adapter's non-secret settings (list or form id); page_id
-- limits an ESP adapter to one bio page's sign-ups. Rotation keeps the previous secret until
-- previous_secret_expires_at, and deliveries are signed with both meanwhile. secret_last4 is what
-- the editor shows after the one reveal.
ALTER TABLE webhook_endpoints
  ADD COLUMN kind text NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'mailchimp', 'convertkit')),
  ADD COLUMN config jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN page_id uuid REFERENCES bio_pages (id) ON DELETE CASCADE,
  ADD COLUMN secret_last4 text CHECK (char_length(secret_last4) <= 4),
  ADD COLUMN previous_secret_ciphertext text,
  ADD COLUMN previous_secret_expires_at timestamptz,
  ADD COLUMN secret_rotated_at timestamptz;
ALTER TABLE webhook_endpoints ADD CONSTRAINT ck_webhook_endpoints_previous_secret
  CHECK ((previous_secret_ciphertext IS NULL) = (previous_secret_expires_at IS NULL));
CREATE INDEX ix_webhook_endpoints_ws_created ON webhook_endpoints (workspace_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- The delivery log: how long the last attempt took, when it ran, how often it was replayed.
ALTER TABLE webhook_deliveries
  ADD COLUMN latency_ms integer CHECK (latency_ms >= 0),
  ADD COLUMN last_attempt_at timestamptz,
  ADD COLUMN replays integer NOT NULL DEFAULT 0 CHECK (replays >= 0);
CREATE INDEX ix_webhook_deliveries_endpoint_created ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
