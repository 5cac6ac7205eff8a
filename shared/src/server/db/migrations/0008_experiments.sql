-- A/B experiments on links and bio pages. States per docs/product-rules.md#experiments.

CREATE TABLE experiments (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'bio_page')),
  resource_id uuid NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'paused', 'concluded', 'promoted', 'archived')),
  goal text NOT NULL DEFAULT 'clicks' CHECK (goal IN ('clicks', 'leads', 'page_views')),
  started_at timestamptz,
  ended_at timestamptz,
  winner_variant_id uuid,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_experiments_id_ws ON experiments (id, workspace_id);
CREATE INDEX ix_experiments_ws ON experiments (workspace_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX ix_experiments_resource ON experiments (resource_type, resource_id);
-- at most one running/paused experiment per resource
CREATE UNIQUE INDEX ux_experiments_resource_active ON experiments (resource_type, resource_id)
  WHERE status IN ('running', 'paused') AND deleted_at IS NULL;
CREATE TRIGGER tr_experiments_touch BEFORE UPDATE ON experiments FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- weight in basis points (0..10000); the variant is picked deterministically from the visitor hash.
CREATE TABLE experiment_variants (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  experiment_id uuid NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[a-z0-9_-]{1,32}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  is_control boolean NOT NULL DEFAULT false,
  weight integer NOT NULL CHECK (weight BETWEEN 0 AND 10000),
  destination_url text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fk_experiment_variants_exp_ws FOREIGN KEY (experiment_id, workspace_id)
    REFERENCES experiments (id, workspace_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX ux_experiment_variants_key ON experiment_variants (experiment_id, key);
CREATE UNIQUE INDEX ux_experiment_variants_control ON experiment_variants (experiment_id) WHERE is_control;
CREATE TRIGGER tr_experiment_variants_touch BEFORE UPDATE ON experiment_variants FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

ALTER TABLE experiments ADD CONSTRAINT fk_experiments_winner
  FOREIGN KEY (winner_variant_id) REFERENCES experiment_variants (id) ON DELETE SET NULL;
ALTER TABLE links ADD CONSTRAINT fk_links_experiment
  FOREIGN KEY (experiment_id) REFERENCES experiments (id) ON DELETE SET NULL;
