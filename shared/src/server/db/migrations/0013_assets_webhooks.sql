-- Uploaded images (QR centre logos, avatars, block images), outbound webhooks, domain verification
-- history; QR batch exports as an export job kind.

CREATE TABLE uploaded_assets (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  uploaded_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('qr_logo', 'avatar', 'block_image', 'workspace_logo', 'og_image')),
  storage_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/gif')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  sha256 text NOT NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_uploaded_assets_storage_key ON uploaded_assets (storage_key);
CREATE INDEX ix_uploaded_assets_ws ON uploaded_assets (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_uploaded_assets_touch BEFORE UPDATE ON uploaded_assets FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- HTTPS-only endpoints; the signing secret is stored encrypted (application key, key_version).
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (url ~ '^https://' AND char_length(url) <= 2048),
  description text,
  events text[] NOT NULL DEFAULT '{}',
  secret_ciphertext text NOT NULL,
  key_version integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason text,
  consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_webhook_endpoints_ws ON webhook_endpoints (workspace_id) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_webhook_endpoints_touch BEFORE UPDATE ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- One row per event per endpoint; event_id makes redelivery idempotent for the receiver.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'dead')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_status_code integer,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_webhook_deliveries_endpoint_event ON webhook_deliveries (endpoint_id, event_id);
CREATE INDEX ix_webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE TRIGGER tr_webhook_deliveries_touch BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Every DNS TXT check the worker makes (the domain row keeps only the latest result).
CREATE TABLE domain_verification_attempts (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('verified', 'record_missing', 'record_mismatch', 'dns_error')),
  detail text,
  checked_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_domain_verification_attempts_domain ON domain_verification_attempts (domain_id, checked_at DESC);

ALTER TABLE export_jobs DROP CONSTRAINT export_jobs_kind_check;
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_kind_check
  CHECK (kind IN ('analytics_csv', 'leads_csv', 'workspace_data', 'qr_batch'));
