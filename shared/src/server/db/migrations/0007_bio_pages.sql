-- Bio pages, blocks, themes, versions and captured leads.

CREATE OR REPLACE FUNCTION normalize_handle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.handle := lower(btrim(NEW.handle));
  RETURN NEW;
END $$;

-- workspace_id NULL + is_system = built-in preset themes.
CREATE TABLE themes (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  is_system boolean NOT NULL DEFAULT false,
  key text,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  -- {colors: {...}, font, button_style, background: {...}}
  tokens jsonb NOT NULL DEFAULT '{}'::jsonb,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_themes_system CHECK (is_system = (workspace_id IS NULL)),
  CONSTRAINT ck_themes_tokens_object CHECK (jsonb_typeof(tokens) = 'object')
);
CREATE UNIQUE INDEX ux_themes_system_key ON themes (key) WHERE is_system;
CREATE INDEX ix_themes_ws ON themes (workspace_id) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_themes_touch BEFORE UPDATE ON themes FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE bio_pages (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  domain_id uuid NOT NULL REFERENCES custom_domains (id) ON DELETE RESTRICT,
  handle text NOT NULL CHECK (handle ~ '^[a-z0-9][a-z0-9._-]{0,62}$'),
  title text NOT NULL DEFAULT '' CHECK (char_length(title) <= 200),
  bio text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 1000),
  avatar_url text,
  theme_id uuid REFERENCES themes (id) ON DELETE SET NULL,
  -- the page's own theme values (overrides on top of theme_id, or the whole theme)
  theme jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- {title, description, og_image_url, noindex}
  seo jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- bumped on every draft edit (page fields or blocks); published_revision says which one is public
  draft_revision integer NOT NULL DEFAULT 1 CHECK (draft_revision >= 1),
  published_revision integer,
  -- the public render input: {page: {...}, blocks: [...]} frozen at publish time
  published_snapshot jsonb,
  published_at timestamptz,
  archived_at timestamptz,
  locked boolean NOT NULL DEFAULT false,
  locked_at timestamptz,
  locked_reason text CHECK (locked_reason IN ('plan_downgrade', 'abuse', 'billing')),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_bio_pages_published_pair CHECK ((published_snapshot IS NULL) = (published_at IS NULL)),
  CONSTRAINT ck_bio_pages_json_shapes CHECK (jsonb_typeof(theme) = 'object' AND jsonb_typeof(seo) = 'object'),
  CONSTRAINT ck_bio_pages_lock_pair CHECK (locked = (locked_at IS NOT NULL))
);
CREATE UNIQUE INDEX ux_bio_pages_domain_handle ON bio_pages (domain_id, handle) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ux_bio_pages_id_ws ON bio_pages (id, workspace_id);
CREATE INDEX ix_bio_pages_ws_created ON bio_pages (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_bio_pages_handle BEFORE INSERT OR UPDATE OF handle ON bio_pages FOR EACH ROW EXECUTE FUNCTION normalize_handle();
CREATE TRIGGER tr_bio_pages_domain_tenancy BEFORE INSERT OR UPDATE OF domain_id, workspace_id ON bio_pages FOR EACH ROW EXECUTE FUNCTION check_domain_tenancy();
CREATE TRIGGER tr_bio_pages_version BEFORE UPDATE ON bio_pages FOR EACH ROW EXECUTE FUNCTION bump_row_version();

-- position is a fractional-index sort key (byte order, COLLATE "C"), so a move rewrites one row.
CREATE TABLE bio_blocks (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  page_id uuid NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  position text COLLATE "C" NOT NULL CHECK (char_length(position) BETWEEN 1 AND 64),
  type text NOT NULL CHECK (type IN ('link', 'header', 'text', 'social', 'image', 'embed', 'email_capture', 'divider')),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_visible boolean NOT NULL DEFAULT true,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fk_bio_blocks_page_ws FOREIGN KEY (page_id, workspace_id) REFERENCES bio_pages (id, workspace_id) ON DELETE CASCADE,
  CONSTRAINT ck_bio_blocks_data_object CHECK (jsonb_typeof(data) = 'object')
);
CREATE INDEX ix_bio_blocks_page_position ON bio_blocks (page_id, position) WHERE deleted_at IS NULL;
CREATE INDEX ix_bio_blocks_ws ON bio_blocks (workspace_id);
CREATE TRIGGER tr_bio_blocks_version BEFORE UPDATE ON bio_blocks FOR EACH ROW EXECUTE FUNCTION bump_row_version();

CREATE TABLE bio_page_versions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  page_id uuid NOT NULL REFERENCES bio_pages (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  kind text NOT NULL DEFAULT 'draft' CHECK (kind IN ('draft', 'published', 'restored')),
  draft_revision integer NOT NULL,
  -- {page: {...}, blocks: [...]}
  snapshot jsonb NOT NULL,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_bio_page_versions_page_version ON bio_page_versions (page_id, version);
CREATE TRIGGER tr_bio_page_versions_touch BEFORE UPDATE ON bio_page_versions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Email-capture submissions. Personal data: dashboard-only, never reachable by an API key.
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  page_id uuid NOT NULL REFERENCES bio_pages (id) ON DELETE CASCADE,
  block_id uuid REFERENCES bio_blocks (id) ON DELETE SET NULL,
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320 AND position('@' IN email) > 1),
  name text CHECK (char_length(name) <= 200),
  consent_text text,
  consented_at timestamptz,
  source jsonb NOT NULL DEFAULT '{}'::jsonb,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_leads_page_email ON leads (page_id, email) WHERE deleted_at IS NULL;
CREATE INDEX ix_leads_ws_created ON leads (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_leads_email BEFORE INSERT OR UPDATE OF email ON leads FOR EACH ROW EXECUTE FUNCTION normalize_email();
CREATE TRIGGER tr_leads_touch BEFORE UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
