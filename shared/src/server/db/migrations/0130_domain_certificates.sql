-- Custom domains end to end. Expand only.
-- custom_domains: how the domain was proved (a TXT token or a CNAME to the link host), what the last
-- DNS check saw, a verified domain whose re-check fails (lapsed: it keeps serving, its owner is told),
-- the bio page served at its root, and the certificate's issuance state.
ALTER TABLE custom_domains
  ADD COLUMN verified_by text CHECK (verified_by IN ('txt', 'cname')),
  ADD COLUMN verification_seen text CHECK (char_length(verification_seen) <= 500),
  ADD COLUMN verification_lapsed_at timestamptz,
  ADD COLUMN root_handle text CHECK (root_handle ~ '^[a-z0-9][a-z0-9._-]{0,63}$'),
  ADD COLUMN tls_attempts integer NOT NULL DEFAULT 0 CHECK (tls_attempts >= 0),
  ADD COLUMN tls_last_error text CHECK (char_length(tls_last_error) <= 500),
  ADD COLUMN tls_next_attempt_at timestamptz;
CREATE INDEX ix_custom_domains_recheck ON custom_domains (last_checked_at) WHERE status = 'verified' AND deleted_at IS NULL AND NOT is_system;

-- One ACME account per directory; its private key sealed with the application key (AES-256-GCM).
CREATE TABLE acme_accounts (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  directory_url text NOT NULL UNIQUE,
  account_key_sealed text NOT NULL,
  account_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Certificates issued for custom domains: chain and private key sealed at rest. At most one active
-- certificate per domain; a renewal supersedes it, a removal revokes it.
CREATE TABLE domain_certificates (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE CASCADE,
  hostname text NOT NULL,
  acme_account_id uuid REFERENCES acme_accounts (id) ON DELETE SET NULL,
  certificate_sealed text NOT NULL,
  private_key_sealed text NOT NULL,
  serial text NOT NULL,
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded', 'revoked')),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_domain_certificates_validity CHECK (not_after > not_before),
  CONSTRAINT ck_domain_certificates_revoked CHECK ((status = 'revoked') = (revoked_at IS NOT NULL))
);
CREATE UNIQUE INDEX ux_domain_certificates_active ON domain_certificates (domain_id) WHERE status = 'active';
CREATE INDEX ix_domain_certificates_host ON domain_certificates (hostname) WHERE status = 'active';
CREATE INDEX ix_domain_certificates_expiry ON domain_certificates (not_after) WHERE status = 'active';
