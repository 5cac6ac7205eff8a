-- Branded short links and their version snapshots.

-- Slugs match case-insensitively at the edge (docs/product-rules.md#qr-codes): they are stored lower-case, so the plain
-- (domain_id, slug) unique index is the case-insensitive namespace.
CREATE OR REPLACE FUNCTION normalize_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.slug := lower(btrim(NEW.slug));
  RETURN NEW;
END $$;

-- A content row's domain is a system host or a domain of the same workspace, never another tenant's.
CREATE OR REPLACE FUNCTION check_domain_tenancy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_ws uuid;
  found_row boolean;
BEGIN
  SELECT true, workspace_id INTO found_row, owner_ws FROM custom_domains WHERE id = NEW.domain_id;
  IF found_row AND owner_ws IS NOT NULL AND owner_ws <> NEW.workspace_id THEN
    RAISE EXCEPTION 'domain_not_in_workspace: domain % belongs to another workspace', NEW.domain_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;

CREATE TABLE links (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE RESTRICT,
  slug text NOT NULL CHECK (char_length(slug) BETWEEN 1 AND 100 AND slug !~ '[/?#[:space:]]'),
  destination_url text NOT NULL CHECK (char_length(destination_url) BETWEEN 1 AND 4096),
  title text CHECK (char_length(title) <= 300),
  tags text[] NOT NULL DEFAULT '{}',
  -- {source, medium, campaign, term, content}
  utm jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- targeting rules, evaluated in order: [{id, conditions: [...], destination_url}]
  rules jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- weighted split: [{id, url, weight}]
  destinations jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  starts_at timestamptz,
  expires_at timestamptz,
  expired_destination_url text,
  archived_at timestamptz,
  -- downgrade lock: kept, never deleted, but refuses edits (resource_locked) and stops redirecting
  locked boolean NOT NULL DEFAULT false,
  locked_at timestamptz,
  locked_reason text CHECK (locked_reason IN ('plan_downgrade', 'abuse', 'billing')),
  -- set when this link is the target of a QR code (a QR-pinned link): never archived, not counted in the cap
  qr_code_id uuid, -- FK added in 0006
  experiment_id uuid, -- FK added in 0008
  current_version integer NOT NULL DEFAULT 1 CHECK (current_version >= 1),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_links_window CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at),
  CONSTRAINT ck_links_json_shapes CHECK (jsonb_typeof(utm) = 'object' AND jsonb_typeof(rules) = 'array' AND jsonb_typeof(destinations) = 'array'),
  CONSTRAINT ck_links_lock_pair CHECK (locked = (locked_at IS NOT NULL)),
  CONSTRAINT ck_links_pinned_not_archived CHECK (qr_code_id IS NULL OR (archived_at IS NULL AND deleted_at IS NULL))
);
CREATE UNIQUE INDEX ux_links_domain_slug ON links (domain_id, slug);
CREATE UNIQUE INDEX ux_links_id_ws ON links (id, workspace_id);
CREATE INDEX ix_links_ws_created ON links (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX ix_links_ws_tags ON links USING gin (tags);
CREATE INDEX ix_links_qr_code ON links (qr_code_id) WHERE qr_code_id IS NOT NULL;
CREATE INDEX ix_links_expires ON links (expires_at) WHERE expires_at IS NOT NULL AND deleted_at IS NULL;
CREATE TRIGGER tr_links_slug BEFORE INSERT OR UPDATE OF slug ON links FOR EACH ROW EXECUTE FUNCTION normalize_slug();
CREATE TRIGGER tr_links_domain_tenancy BEFORE INSERT OR UPDATE OF domain_id, workspace_id ON links FOR EACH ROW EXECUTE FUNCTION check_domain_tenancy();
CREATE TRIGGER tr_links_version BEFORE UPDATE ON links FOR EACH ROW EXECUTE FUNCTION bump_row_version();

-- Full snapshots, not diffs: restoring a version never replays history.
CREATE TABLE link_versions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  link_id uuid NOT NULL REFERENCES links (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  snapshot jsonb NOT NULL,
  change_summary text,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_link_versions_link_version ON link_versions (link_id, version);
CREATE TRIGGER tr_link_versions_touch BEFORE UPDATE ON link_versions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
