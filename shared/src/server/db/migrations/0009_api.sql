-- Public API keys and idempotency records.

-- The key is shown once ("lh_<prefix>_<secret>"); only its SHA-256 (hex) is stored. Bound to one
-- workspace forever. Scopes are validated against the catalogue in code (shared/src/schemas).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- the creating membership: a key never carries more authority than this member's role
  created_by_member_id uuid,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  prefix text NOT NULL CHECK (prefix ~ '^[A-Za-z0-9_]{4,32}$'),
  key_hash text NOT NULL,
  scopes text[] NOT NULL DEFAULT '{}',
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fk_api_keys_member_ws FOREIGN KEY (workspace_id, created_by_member_id)
    REFERENCES workspace_members (workspace_id, id) ON DELETE SET NULL (created_by_member_id)
);
CREATE UNIQUE INDEX ux_api_keys_key_hash ON api_keys (key_hash);
CREATE UNIQUE INDEX ux_api_keys_prefix ON api_keys (prefix);
CREATE INDEX ix_api_keys_ws ON api_keys (workspace_id) WHERE revoked_at IS NULL;
CREATE TRIGGER tr_api_keys_touch BEFORE UPDATE ON api_keys FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Idempotency-Key on POST: scope says who (e.g. 'api_key:<id>' or 'user:<id>'), key is the header,
-- request_hash detects a reused key with a different body (→ 422), response is replayed verbatim.
CREATE TABLE idempotency_keys (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (char_length(scope) BETWEEN 1 AND 200),
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  method text NOT NULL DEFAULT 'POST',
  path text NOT NULL DEFAULT '',
  request_hash text NOT NULL,
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'completed')),
  response_status integer,
  response_body jsonb,
  response_headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  locked_until timestamptz,
  completed_at timestamptz,
  expires_at timestamptz NOT NULL DEFAULT (now() + interval '24 hours'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_idempotency_keys_completed CHECK (status <> 'completed' OR (response_status IS NOT NULL AND completed_at IS NOT NULL))
);
CREATE UNIQUE INDEX ux_idempotency_keys_scope_key ON idempotency_keys (scope, key);
CREATE INDEX ix_idempotency_keys_expiry ON idempotency_keys (expires_at);
CREATE TRIGGER tr_idempotency_keys_touch BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
