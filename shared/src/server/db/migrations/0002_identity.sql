-- Shared helpers (used by every later migration) and the identity domain.

-- UUIDv7: 48-bit Unix milliseconds, version 7, variant 10, the rest random (gen_random_uuid is core since PG 13).
CREATE OR REPLACE FUNCTION uuid_generate_v7() RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
DECLARE
  bytes bytea := substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              || substring(uuid_send(gen_random_uuid()) FROM 7);
BEGIN
  bytes := set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 112);
  bytes := set_byte(bytes, 8, (get_byte(bytes, 8) & 63) | 128);
  RETURN encode(bytes, 'hex')::uuid;
END $$;

-- updated_at maintenance for every table that has it.
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;

-- Synced tables: every UPDATE bumps row_version (monotonic per row) and updated_at, so the
-- Replicache pull can diff (id, row_version) pairs against the client view record.
CREATE OR REPLACE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := OLD.row_version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END $$;

-- Emails are stored trimmed and lower-case, so a plain unique index is the conflict check.
CREATE OR REPLACE FUNCTION normalize_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email IS NOT NULL THEN
    NEW.email := lower(btrim(NEW.email));
  END IF;
  RETURN NEW;
END $$;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320 AND position('@' IN email) > 1),
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 200),
  password_hash text,
  password_algo text CHECK (password_algo IN ('argon2id')),
  email_verified_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'pending_deletion', 'deleted')),
  locale text NOT NULL DEFAULT 'en',
  time_zone text NOT NULL DEFAULT 'UTC',
  avatar_url text,
  totp_enabled boolean NOT NULL DEFAULT false,
  failed_login_count integer NOT NULL DEFAULT 0 CHECK (failed_login_count >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  deletion_requested_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_users_password_pair CHECK ((password_hash IS NULL) = (password_algo IS NULL))
);
CREATE UNIQUE INDEX ux_users_email ON users (email) WHERE deleted_at IS NULL;
CREATE INDEX ix_users_status_deletion ON users (status, deletion_requested_at) WHERE status = 'pending_deletion';
CREATE INDEX ix_users_locked_until ON users (locked_until) WHERE locked_until IS NOT NULL;
CREATE TRIGGER tr_users_email BEFORE INSERT OR UPDATE OF email ON users FOR EACH ROW EXECUTE FUNCTION normalize_email();
CREATE TRIGGER tr_users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE user_identities (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('google')),
  provider_account_id text NOT NULL,
  email text,
  access_token_ciphertext text,
  refresh_token_ciphertext text,
  key_version integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_user_identities_key_version CHECK (
    (access_token_ciphertext IS NULL AND refresh_token_ciphertext IS NULL) OR key_version IS NOT NULL)
);
CREATE UNIQUE INDEX ux_user_identities_provider_account ON user_identities (provider, provider_account_id);
CREATE INDEX ix_user_identities_user ON user_identities (user_id);
CREATE TRIGGER tr_user_identities_touch BEFORE UPDATE ON user_identities FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- The session token itself is never stored: only its SHA-256 (hex). No raw IP or User-Agent either:
-- client_label is a parsed, non-identifying label such as "Chrome on macOS".
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  active_workspace_id uuid, -- FK added in 0003 (ON DELETE SET NULL)
  client_kind text NOT NULL DEFAULT 'web' CHECK (client_kind IN ('web', 'pwa', 'desktop', 'cli')),
  client_label text,
  mfa_verified_at timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  rolling_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_sessions_expiry_order CHECK (rolling_expires_at <= absolute_expires_at)
);
CREATE UNIQUE INDEX ux_sessions_token_hash ON sessions (token_hash);
CREATE INDEX ix_sessions_user_active ON sessions (user_id, last_seen_at DESC) WHERE revoked_at IS NULL;
CREATE INDEX ix_sessions_expiry ON sessions (absolute_expires_at) WHERE revoked_at IS NULL;
CREATE TRIGGER tr_sessions_touch BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE email_verification_tokens (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_email_verification_tokens_window CHECK (expires_at > created_at)
);
CREATE UNIQUE INDEX ux_email_verification_tokens_hash ON email_verification_tokens (token_hash);
CREATE INDEX ix_email_verification_tokens_user ON email_verification_tokens (user_id, created_at DESC) WHERE consumed_at IS NULL;
CREATE INDEX ix_email_verification_tokens_expiry ON email_verification_tokens (expires_at);
CREATE TRIGGER tr_email_verification_tokens_email BEFORE INSERT OR UPDATE OF email ON email_verification_tokens FOR EACH ROW EXECUTE FUNCTION normalize_email();
CREATE TRIGGER tr_email_verification_tokens_touch BEFORE UPDATE ON email_verification_tokens FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  invalidated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_password_reset_tokens_hash ON password_reset_tokens (token_hash);
CREATE INDEX ix_password_reset_tokens_user_live ON password_reset_tokens (user_id) WHERE consumed_at IS NULL AND invalidated_at IS NULL;
CREATE TRIGGER tr_password_reset_tokens_touch BEFORE UPDATE ON password_reset_tokens FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE magic_link_tokens (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_magic_link_tokens_hash ON magic_link_tokens (token_hash);
CREATE INDEX ix_magic_link_tokens_email_recent ON magic_link_tokens (email, created_at DESC);
CREATE TRIGGER tr_magic_link_tokens_email BEFORE INSERT OR UPDATE OF email ON magic_link_tokens FOR EACH ROW EXECUTE FUNCTION normalize_email();
CREATE TRIGGER tr_magic_link_tokens_touch BEFORE UPDATE ON magic_link_tokens FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE email_change_requests (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  confirm_token_hash text NOT NULL,
  revoke_token_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'revoked', 'expired')),
  expires_at timestamptz NOT NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_email_change_requests_confirm ON email_change_requests (confirm_token_hash);
CREATE UNIQUE INDEX ux_email_change_requests_revoke ON email_change_requests (revoke_token_hash);
CREATE UNIQUE INDEX ux_email_change_requests_user_pending ON email_change_requests (user_id) WHERE status = 'pending';
CREATE TRIGGER tr_email_change_requests_touch BEFORE UPDATE ON email_change_requests FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- The TOTP secret is stored encrypted (application key, key_version), never in clear.
CREATE TABLE totp_secrets (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_ciphertext text NOT NULL,
  key_version integer NOT NULL DEFAULT 1,
  confirmed_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_totp_secrets_user ON totp_secrets (user_id);
CREATE TRIGGER tr_totp_secrets_touch BEFORE UPDATE ON totp_secrets FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  batch_id uuid NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 20),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_recovery_codes_hash ON recovery_codes (code_hash);
CREATE UNIQUE INDEX ux_recovery_codes_user_batch_position ON recovery_codes (user_id, batch_id, position);
CREATE INDEX ix_recovery_codes_user_unused ON recovery_codes (user_id) WHERE used_at IS NULL;
CREATE TRIGGER tr_recovery_codes_touch BEFORE UPDATE ON recovery_codes FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Append-only forensic log of authentication attempts. identifier_hash is a keyed hash of the
-- normalised email (never the email itself); no raw IP: network_hash is a keyed digest.
CREATE TABLE auth_attempts (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  identifier_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('login', 'signup', 'totp', 'recovery_code', 'password_reset', 'magic_link', 'email_verification')),
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'locked', 'throttled')),
  reason text,
  network_hash bytea,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_auth_attempts_identifier_time ON auth_attempts (identifier_hash, occurred_at DESC);
CREATE INDEX ix_auth_attempts_occurred ON auth_attempts (occurred_at);
CREATE INDEX ix_auth_attempts_user_time ON auth_attempts (user_id, occurred_at DESC) WHERE user_id IS NOT NULL;
