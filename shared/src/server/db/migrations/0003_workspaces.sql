-- Tenancy: plans, billing accounts, workspaces, members, invitations, grants, audit log.

-- Plan catalogue keys. The limits and features live in shared/src/entitlements/plans.ts only;
-- this table exists so workspaces/billing rows reference a known plan and Stripe prices map to it.
CREATE TABLE plans (
  key text PRIMARY KEY CHECK (key IN ('free', 'pro', 'business')),
  name text NOT NULL,
  sort_order smallint NOT NULL,
  stripe_price_monthly_id text,
  stripe_price_yearly_id text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO plans (key, name, sort_order) VALUES ('free', 'Free', 0), ('pro', 'Pro', 1), ('business', 'Business', 2);
CREATE TRIGGER tr_plans_touch BEFORE UPDATE ON plans FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- The commercial owner of one or more workspaces (Business: up to 10). Owner-only domain.
CREATE TABLE billing_accounts (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  plan_key text NOT NULL DEFAULT 'free' REFERENCES plans (key) ON DELETE RESTRICT,
  stripe_customer_id text,
  billing_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_billing_accounts_stripe_customer ON billing_accounts (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;
CREATE INDEX ix_billing_accounts_owner ON billing_accounts (owner_user_id);
CREATE TRIGGER tr_billing_accounts_touch BEFORE UPDATE ON billing_accounts FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE workspaces (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  billing_account_id uuid NOT NULL REFERENCES billing_accounts (id) ON DELETE RESTRICT,
  current_plan_key text NOT NULL DEFAULT 'free' REFERENCES plans (key) ON DELETE RESTRICT,
  billing_status text NOT NULL DEFAULT 'active'
    CHECK (billing_status IN ('active', 'trialing', 'past_due', 'unpaid', 'canceled')),
  past_due_since timestamptz,
  writes_blocked boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL DEFAULT 'UTC',
  branding jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- QR fallback stage 3 (docs/product-rules.md#qr-fallback-chain): {title, message, logo_url, background, foreground, link_url}
  holding_page jsonb NOT NULL DEFAULT '{}'::jsonb,
  default_link_domain_id uuid, -- FK added in 0004
  default_page_domain_id uuid, -- FK added in 0004
  deleted_at timestamptz,
  purge_after timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_workspaces_purge_pair CHECK ((deleted_at IS NULL) = (purge_after IS NULL)),
  CONSTRAINT ck_workspaces_past_due CHECK (billing_status <> 'past_due' OR past_due_since IS NOT NULL),
  CONSTRAINT ck_workspaces_branding_object CHECK (jsonb_typeof(branding) = 'object' AND jsonb_typeof(holding_page) = 'object')
);
CREATE UNIQUE INDEX ux_workspaces_slug ON workspaces (slug) WHERE deleted_at IS NULL;
CREATE INDEX ix_workspaces_owner ON workspaces (owner_user_id);
CREATE INDEX ix_workspaces_billing_account ON workspaces (billing_account_id) WHERE deleted_at IS NULL;
CREATE INDEX ix_workspaces_purge ON workspaces (purge_after) WHERE purge_after IS NOT NULL;
CREATE INDEX ix_workspaces_plan ON workspaces (current_plan_key, billing_status);
CREATE TRIGGER tr_workspaces_version BEFORE UPDATE ON workspaces FOR EACH ROW EXECUTE FUNCTION bump_row_version();

ALTER TABLE sessions ADD CONSTRAINT fk_sessions_active_workspace
  FOREIGN KEY (active_workspace_id) REFERENCES workspaces (id) ON DELETE SET NULL;

CREATE TABLE workspace_invitations (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')), -- ownership moves only by transfer
  is_scoped boolean NOT NULL DEFAULT false,
  -- grants to create on acceptance when is_scoped: [{resource_type, resource_id}]
  pending_grants jsonb NOT NULL DEFAULT '[]'::jsonb,
  token_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
  invited_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  accepted_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  accepted_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_workspace_invitations_accept_pair CHECK ((status = 'accepted') = (accepted_at IS NOT NULL))
);
CREATE UNIQUE INDEX ux_workspace_invitations_token ON workspace_invitations (token_hash);
CREATE UNIQUE INDEX ux_workspace_invitations_ws_email_pending ON workspace_invitations (workspace_id, email) WHERE status = 'pending';
CREATE INDEX ix_workspace_invitations_ws_status ON workspace_invitations (workspace_id, status, created_at DESC);
CREATE INDEX ix_workspace_invitations_expiry ON workspace_invitations (expires_at) WHERE status = 'pending';
CREATE TRIGGER tr_workspace_invitations_email BEFORE INSERT OR UPDATE OF email ON workspace_invitations FOR EACH ROW EXECUTE FUNCTION normalize_email();
CREATE TRIGGER tr_workspace_invitations_touch BEFORE UPDATE ON workspace_invitations FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Membership is the only path from a user to data. Removal is a soft delete (deleted_at), so the
-- sync engine sees it and the history stays.
CREATE TABLE workspace_members (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
  is_scoped boolean NOT NULL DEFAULT false,
  invited_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  invitation_id uuid REFERENCES workspace_invitations (id) ON DELETE SET NULL,
  joined_at timestamptz NOT NULL DEFAULT now(),
  removed_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_workspace_members_owner_unscoped CHECK (NOT (role = 'owner' AND is_scoped))
);
CREATE UNIQUE INDEX ux_workspace_members_ws_user ON workspace_members (workspace_id, user_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ux_workspace_members_single_owner ON workspace_members (workspace_id) WHERE role = 'owner' AND deleted_at IS NULL;
CREATE UNIQUE INDEX ux_workspace_members_id_ws ON workspace_members (workspace_id, id);
CREATE INDEX ix_workspace_members_user ON workspace_members (user_id) WHERE deleted_at IS NULL;
CREATE INDEX ix_workspace_members_ws_role ON workspace_members (workspace_id, role) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_workspace_members_version BEFORE UPDATE ON workspace_members FOR EACH ROW EXECUTE FUNCTION bump_row_version();

-- "A workspace always has exactly one owner": checked at COMMIT (deferred), so an owner transfer
-- (demote the old owner, promote the new one, update workspaces.owner_user_id) can happen in one
-- transaction. A live (not soft-deleted) workspace must have exactly one live owner member, and it
-- must be workspaces.owner_user_id. Raises P0001 'last_owner_required: …'.
CREATE OR REPLACE FUNCTION check_workspace_owner(ws uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ws_row record;
  owners integer;
  owner_user uuid;
BEGIN
  SELECT owner_user_id, deleted_at INTO ws_row FROM workspaces WHERE id = ws;
  IF NOT FOUND OR ws_row.deleted_at IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT count(*), min(user_id::text)::uuid INTO owners, owner_user
    FROM workspace_members WHERE workspace_id = ws AND role = 'owner' AND deleted_at IS NULL;
  IF owners <> 1 THEN
    RAISE EXCEPTION 'last_owner_required: workspace % must have exactly one owner (has %)', ws, owners
      USING ERRCODE = 'P0001';
  END IF;
  IF owner_user <> ws_row.owner_user_id THEN
    RAISE EXCEPTION 'last_owner_required: workspace % owner member (%) differs from workspaces.owner_user_id (%)',
      ws, owner_user, ws_row.owner_user_id USING ERRCODE = 'P0001';
  END IF;
END $$;

CREATE OR REPLACE FUNCTION tr_check_workspace_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'workspaces' THEN
    PERFORM check_workspace_owner(NEW.id);
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM check_workspace_owner(OLD.workspace_id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.workspace_id <> OLD.workspace_id) THEN
      PERFORM check_workspace_owner(NEW.workspace_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER ct_workspaces_owner AFTER INSERT OR UPDATE OF owner_user_id, deleted_at ON workspaces
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tr_check_workspace_owner();
CREATE CONSTRAINT TRIGGER ct_workspace_members_owner AFTER INSERT OR UPDATE OR DELETE ON workspace_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tr_check_workspace_owner();

-- Per-resource allow-list (Business). resource_id is polymorphic (no FK); the composite FK makes a
-- grant that crosses workspaces impossible.
CREATE TABLE resource_grants (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  member_id uuid NOT NULL,
  resource_type text NOT NULL CHECK (resource_type IN ('bio_page', 'link', 'qr_code')),
  resource_id uuid NOT NULL,
  source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'auto_on_create')),
  granted_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fk_resource_grants_member_ws FOREIGN KEY (workspace_id, member_id)
    REFERENCES workspace_members (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX ux_resource_grants_member_resource ON resource_grants (member_id, resource_type, resource_id);
CREATE INDEX ix_resource_grants_member_type ON resource_grants (member_id, resource_type);
CREATE INDEX ix_resource_grants_resource ON resource_grants (resource_type, resource_id);
CREATE TRIGGER tr_resource_grants_touch BEFORE UPDATE ON resource_grants FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Append-only. No foreign keys on purpose: the record outlives the workspace, user or key it names.
-- retention_expires_at NULL = kept forever (always so for QR destination changes, forced below).
CREATE TABLE audit_log_entries (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'system')),
  actor_user_id uuid,
  actor_api_key_id uuid,
  action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 100),
  resource_type text,
  resource_id uuid,
  summary text,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id text,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  retention_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_audit_log_entries_ws_time ON audit_log_entries (workspace_id, occurred_at DESC);
CREATE INDEX ix_audit_log_entries_resource ON audit_log_entries (resource_type, resource_id, occurred_at DESC);
CREATE INDEX ix_audit_log_entries_retention ON audit_log_entries (retention_expires_at) WHERE retention_expires_at IS NOT NULL;

-- QR destination changes are kept forever: any qr_code entry whose action names a destination
-- (e.g. 'qr_code.destination_changed', 'qr_code.update_destination') gets retention_expires_at NULL.
CREATE OR REPLACE FUNCTION audit_log_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.resource_type = 'qr_code' AND NEW.action LIKE '%destination%' THEN
    NEW.retention_expires_at := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_audit_log_entries_insert BEFORE INSERT ON audit_log_entries FOR EACH ROW EXECUTE FUNCTION audit_log_before_insert();

-- UPDATE is always refused. DELETE is refused except inside purge_expired_audit_log_entries()
-- (which sets linkhub.audit_purge for its own transaction) and only for rows whose retention expired.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND coalesce(current_setting('linkhub.audit_purge', true), '') = 'on'
     AND OLD.retention_expires_at IS NOT NULL
     AND OLD.retention_expires_at < now() THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log_append_only: % on audit_log_entries is not allowed', TG_OP USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER tr_audit_log_entries_append_only BEFORE UPDATE OR DELETE ON audit_log_entries
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE OR REPLACE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log_append_only: TRUNCATE on audit_log_entries is not allowed' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER tr_audit_log_entries_no_truncate BEFORE TRUNCATE ON audit_log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();

-- The one retention purge path (called by the worker's retention job). Returns the rows removed.
CREATE OR REPLACE FUNCTION purge_expired_audit_log_entries() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  removed bigint;
BEGIN
  PERFORM set_config('linkhub.audit_purge', 'on', true);
  DELETE FROM audit_log_entries WHERE retention_expires_at IS NOT NULL AND retention_expires_at < now();
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('linkhub.audit_purge', 'off', true);
  RETURN removed;
END $$;
