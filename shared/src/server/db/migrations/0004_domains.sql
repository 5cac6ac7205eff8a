-- Custom domains, and the system hosts as rows (workspace_id NULL, is_system true), so every
-- links/qr_codes/bio_pages.domain_id is NOT NULL and slug uniqueness is a plain (domain_id, slug) index.

CREATE OR REPLACE FUNCTION normalize_hostname() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hostname := lower(btrim(NEW.hostname));
  RETURN NEW;
END $$;

CREATE TABLE custom_domains (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  hostname text NOT NULL CHECK (hostname ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$'
                                AND char_length(hostname) <= 253),
  is_system boolean NOT NULL DEFAULT false,
  -- what the host serves: short links and QR codes, bio pages, or both (custom domain root = bio page)
  purpose text NOT NULL DEFAULT 'links' CHECK (purpose IN ('links', 'bio', 'all')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'failed', 'removed')),
  verification_method text NOT NULL DEFAULT 'dns_txt' CHECK (verification_method IN ('dns_txt', 'system')),
  verification_record_name text,
  verification_token text,
  verified_at timestamptz,
  last_checked_at timestamptz,
  next_check_at timestamptz,
  check_attempts integer NOT NULL DEFAULT 0 CHECK (check_attempts >= 0),
  last_error text,
  tls_status text NOT NULL DEFAULT 'none' CHECK (tls_status IN ('none', 'pending', 'issued', 'failed', 'not_required')),
  tls_issued_at timestamptz,
  tls_expires_at timestamptz,
  -- landing page for unknown slugs on this host (plain links may 404 with this branded page)
  not_found_url text,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_custom_domains_system_host CHECK (is_system = (workspace_id IS NULL)),
  CONSTRAINT ck_custom_domains_system_verified CHECK (NOT is_system OR (status = 'verified' AND verification_method = 'system')),
  CONSTRAINT ck_custom_domains_verified_at CHECK (status <> 'verified' OR verified_at IS NOT NULL)
);
-- One live row per host name across all workspaces (and the system rows).
CREATE UNIQUE INDEX ux_custom_domains_hostname ON custom_domains (hostname) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ux_custom_domains_id_ws ON custom_domains (id, workspace_id);
CREATE INDEX ix_custom_domains_ws ON custom_domains (workspace_id) WHERE deleted_at IS NULL;
CREATE INDEX ix_custom_domains_next_check ON custom_domains (next_check_at) WHERE status = 'pending' AND deleted_at IS NULL;
CREATE TRIGGER tr_custom_domains_hostname BEFORE INSERT OR UPDATE OF hostname ON custom_domains FOR EACH ROW EXECUTE FUNCTION normalize_hostname();
CREATE TRIGGER tr_custom_domains_version BEFORE UPDATE ON custom_domains FOR EACH ROW EXECUTE FUNCTION bump_row_version();

-- A system host is never removed, and never handed to a workspace.
CREATE OR REPLACE FUNCTION custom_domains_protect_system() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.is_system THEN
      RAISE EXCEPTION 'system_domain_protected: the system host % cannot be deleted', OLD.hostname USING ERRCODE = 'P0001';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.is_system AND (NEW.is_system IS DISTINCT FROM OLD.is_system OR NEW.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'system_domain_protected: the system host % cannot be removed or reassigned', OLD.hostname USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_custom_domains_protect_system BEFORE UPDATE OR DELETE ON custom_domains
  FOR EACH ROW EXECUTE FUNCTION custom_domains_protect_system();

ALTER TABLE workspaces
  ADD CONSTRAINT fk_workspaces_default_link_domain FOREIGN KEY (default_link_domain_id) REFERENCES custom_domains (id) ON DELETE SET NULL,
  ADD CONSTRAINT fk_workspaces_default_page_domain FOREIGN KEY (default_page_domain_id) REFERENCES custom_domains (id) ON DELETE SET NULL;
