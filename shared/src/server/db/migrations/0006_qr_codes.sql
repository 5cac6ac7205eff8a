-- Dynamic QR codes, their versions, the permanent slug reservations and render artifacts.
-- QR slugs and short-link slugs share one namespace per host (docs/product-rules.md#permanence).

CREATE TABLE qr_codes (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE RESTRICT,
  slug text NOT NULL CHECK (char_length(slug) BETWEEN 1 AND 100 AND slug !~ '[/?#[:space:]]'),
  title text CHECK (char_length(title) <= 300),
  -- the code points at a URL, or at a link (QR-pinned link) whose destination it follows
  destination_url text CHECK (char_length(destination_url) BETWEEN 1 AND 4096),
  link_id uuid,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  starts_at timestamptz,
  expires_at timestamptz,
  archived_at timestamptz,
  locked boolean NOT NULL DEFAULT false,
  locked_at timestamptz,
  locked_reason text CHECK (locked_reason IN ('plan_downgrade', 'abuse', 'billing')),
  -- fallback stage 2 (docs/product-rules.md#qr-fallback-chain): the last destination that was live, kept through pause/expiry/archive/deletion
  last_good_destination text,
  last_good_destination_at timestamptz,
  -- {foreground, background, module_shape, finder_style, logo_url, frame: {label}, error_correction}
  design jsonb NOT NULL DEFAULT '{}'::jsonb,
  design_revision integer NOT NULL DEFAULT 1 CHECK (design_revision >= 1),
  current_version integer NOT NULL DEFAULT 1 CHECK (current_version >= 1),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_qr_codes_target CHECK (destination_url IS NOT NULL OR link_id IS NOT NULL),
  CONSTRAINT ck_qr_codes_design_object CHECK (jsonb_typeof(design) = 'object'),
  CONSTRAINT ck_qr_codes_lock_pair CHECK (locked = (locked_at IS NOT NULL)),
  CONSTRAINT ck_qr_codes_window CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at),
  CONSTRAINT fk_qr_codes_link_ws FOREIGN KEY (link_id, workspace_id) REFERENCES links (id, workspace_id) ON DELETE RESTRICT
);
CREATE UNIQUE INDEX ux_qr_codes_domain_slug ON qr_codes (domain_id, slug);
CREATE UNIQUE INDEX ux_qr_codes_id_ws ON qr_codes (id, workspace_id);
CREATE INDEX ix_qr_codes_ws_created ON qr_codes (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX ix_qr_codes_link ON qr_codes (link_id) WHERE link_id IS NOT NULL;
CREATE TRIGGER tr_qr_codes_slug BEFORE INSERT ON qr_codes FOR EACH ROW EXECUTE FUNCTION normalize_slug();
CREATE TRIGGER tr_qr_codes_domain_tenancy BEFORE INSERT ON qr_codes FOR EACH ROW EXECUTE FUNCTION check_domain_tenancy();
CREATE TRIGGER tr_qr_codes_version BEFORE UPDATE ON qr_codes FOR EACH ROW EXECUTE FUNCTION bump_row_version();

ALTER TABLE links ADD CONSTRAINT fk_links_qr_code_ws FOREIGN KEY (qr_code_id, workspace_id)
  REFERENCES qr_codes (id, workspace_id) ON DELETE NO ACTION DEFERRABLE INITIALLY DEFERRED;

-- Printed codes are forever: a QR's host, slug and workspace never change after creation.
CREATE OR REPLACE FUNCTION qr_codes_freeze_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.domain_id <> OLD.domain_id OR NEW.slug <> OLD.slug OR NEW.workspace_id <> OLD.workspace_id THEN
    RAISE EXCEPTION 'qr_slug_immutable: the host, slug and workspace of QR code % never change', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_qr_codes_freeze_address BEFORE UPDATE OF domain_id, slug, workspace_id ON qr_codes
  FOR EACH ROW EXECUTE FUNCTION qr_codes_freeze_address();

-- NEVER deleted, NEVER cascaded (docs/product-rules.md#permanence): no deleted_at; every FK out of it is ON DELETE RESTRICT,
-- so deleting the QR code, its domain or its workspace is refused while the reservation exists.
CREATE TABLE qr_slug_reservations (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE RESTRICT,
  slug text NOT NULL,
  qr_code_id uuid NOT NULL REFERENCES qr_codes (id) ON DELETE RESTRICT,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE RESTRICT,
  reserved_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_qr_slug_reservations_domain_slug ON qr_slug_reservations (domain_id, slug);
CREATE UNIQUE INDEX ux_qr_slug_reservations_qr_code ON qr_slug_reservations (qr_code_id);
CREATE INDEX ix_qr_slug_reservations_ws ON qr_slug_reservations (workspace_id);

CREATE OR REPLACE FUNCTION qr_slug_reservations_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'qr_slug_reservation_permanent: % on qr_slug_reservations is not allowed; QR slugs are never released', TG_OP
    USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER tr_qr_slug_reservations_no_delete BEFORE DELETE OR UPDATE ON qr_slug_reservations
  FOR EACH ROW EXECUTE FUNCTION qr_slug_reservations_refuse();
CREATE TRIGGER tr_qr_slug_reservations_no_truncate BEFORE TRUNCATE ON qr_slug_reservations
  FOR EACH STATEMENT EXECUTE FUNCTION qr_slug_reservations_refuse();

-- One advisory lock per (domain, slug) serialises the cross-table checks below against each other.
CREATE OR REPLACE FUNCTION lock_host_slug(domain uuid, slug text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(domain::text || '/' || slug, 7412));
$$;

-- A QR may not take a reserved (domain, slug), nor a live short link's slug (unless that link is
-- its own pinned link). Raises P0001 'qr_slug_reserved: …' → 409 qr_slug_reserved.
CREATE OR REPLACE FUNCTION qr_codes_refuse_taken_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_host_slug(NEW.domain_id, NEW.slug);
  IF EXISTS (SELECT 1 FROM qr_slug_reservations r WHERE r.domain_id = NEW.domain_id AND r.slug = NEW.slug) THEN
    RAISE EXCEPTION 'qr_slug_reserved: % is already reserved by a QR code on this host', NEW.slug USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM links l WHERE l.domain_id = NEW.domain_id AND l.slug = NEW.slug
             AND l.deleted_at IS NULL AND l.qr_code_id IS DISTINCT FROM NEW.id) THEN
    RAISE EXCEPTION 'qr_slug_reserved: % is taken by a short link on this host', NEW.slug USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_qr_codes_slug_reserved BEFORE INSERT ON qr_codes FOR EACH ROW EXECUTE FUNCTION qr_codes_refuse_taken_slug();

-- Every QR code reserves its (domain, slug) forever, in the same transaction as its insert.
CREATE OR REPLACE FUNCTION qr_codes_reserve_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO qr_slug_reservations (domain_id, slug, qr_code_id, workspace_id)
  VALUES (NEW.domain_id, NEW.slug, NEW.id, NEW.workspace_id);
  RETURN NULL;
END $$;
CREATE TRIGGER tr_qr_codes_reserve_slug AFTER INSERT ON qr_codes FOR EACH ROW EXECUTE FUNCTION qr_codes_reserve_slug();

-- A short link may not take a reserved (domain, slug), except the QR's own pinned link.
CREATE OR REPLACE FUNCTION links_refuse_reserved_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holder uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.slug = OLD.slug AND NEW.domain_id = OLD.domain_id
     AND NEW.qr_code_id IS NOT DISTINCT FROM OLD.qr_code_id
     AND (NEW.deleted_at IS NOT NULL OR OLD.deleted_at IS NULL) THEN
    RETURN NEW;
  END IF;
  PERFORM lock_host_slug(NEW.domain_id, NEW.slug);
  SELECT r.qr_code_id INTO holder FROM qr_slug_reservations r WHERE r.domain_id = NEW.domain_id AND r.slug = NEW.slug;
  IF FOUND AND (NEW.qr_code_id IS NULL OR NEW.qr_code_id <> holder) THEN
    RAISE EXCEPTION 'qr_slug_reserved: % is reserved by a QR code on this host', NEW.slug USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_links_slug_reserved BEFORE INSERT OR UPDATE OF slug, domain_id, qr_code_id, deleted_at ON links
  FOR EACH ROW EXECUTE FUNCTION links_refuse_reserved_slug();

CREATE TABLE qr_code_versions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  qr_code_id uuid NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  snapshot jsonb NOT NULL,
  change_summary text,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_qr_code_versions_qr_version ON qr_code_versions (qr_code_id, version);
CREATE TRIGGER tr_qr_code_versions_touch BEFORE UPDATE ON qr_code_versions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Print files rendered by the worker, cached per design revision and export options.
CREATE TABLE qr_render_artifacts (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  qr_code_id uuid NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  design_revision integer NOT NULL,
  format text NOT NULL CHECK (format IN ('svg', 'png', 'pdf', 'eps')),
  size_mm numeric(8, 2) CHECK (size_mm > 0),
  dpi integer CHECK (dpi IN (72, 150, 300, 600)),
  bleed_mm numeric(6, 2) NOT NULL DEFAULT 0 CHECK (bleed_mm >= 0),
  options_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
  storage_key text,
  content_type text,
  byte_size integer CHECK (byte_size >= 0),
  sha256 text,
  decode_verified_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_qr_render_artifacts_ready CHECK (status <> 'ready' OR storage_key IS NOT NULL)
);
CREATE UNIQUE INDEX ux_qr_render_artifacts_variant ON qr_render_artifacts (qr_code_id, design_revision, format, options_hash);
CREATE TRIGGER tr_qr_render_artifacts_touch BEFORE UPDATE ON qr_render_artifacts FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
