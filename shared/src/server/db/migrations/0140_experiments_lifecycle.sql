-- Experiments get a lifecycle, arm periods, an announced test plan, conversions and results.
-- Expand only: widened checks, new columns with defaults, new tables.

-- A QR code's destination can be tested (through its pinned link); a link or QR test converts on a
-- reported conversion (POST /v1/conversions with the click id the redirect appended).
ALTER TABLE experiments DROP CONSTRAINT experiments_resource_type_check;
ALTER TABLE experiments ADD CONSTRAINT experiments_resource_type_check
  CHECK (resource_type IN ('link', 'bio_page', 'qr_code'));
ALTER TABLE experiments DROP CONSTRAINT experiments_goal_check;
ALTER TABLE experiments ADD CONSTRAINT experiments_goal_check
  CHECK (goal IN ('clicks', 'leads', 'page_views', 'conversions'));

ALTER TABLE experiments
  -- Changing variants or weights of a started experiment starts a new arm period: its data is never
  -- mixed with the previous one's (the analysis reads one arm period).
  ADD COLUMN arm_period integer NOT NULL DEFAULT 1 CHECK (arm_period >= 1),
  ADD COLUMN arm_started_at timestamptz,
  -- the redirect appends lh_click=<click id> to the destination (conversion goal)
  ADD COLUMN append_click_id boolean NOT NULL DEFAULT false,
  -- bio page click goal: one chosen link block (NULL: any link block)
  ADD COLUMN goal_block_id uuid,
  -- the plan announced before the start: expected control rate, smallest relative effect worth finding, alpha
  ADD COLUMN baseline_rate double precision NOT NULL DEFAULT 0.1 CHECK (baseline_rate > 0 AND baseline_rate < 1),
  ADD COLUMN minimum_effect double precision NOT NULL DEFAULT 0.2 CHECK (minimum_effect > 0 AND minimum_effect <= 10),
  ADD COLUMN alpha double precision NOT NULL DEFAULT 0.05 CHECK (alpha > 0 AND alpha < 0.5),
  ADD COLUMN promoted_at timestamptz;

-- One row per (experiment, arm period, variant, UTC day): distinct non-bot visitors exposed that day
-- (visitor-days, the unit of analysis) and how many of them converted. Rebuilt by the worker from
-- click_events and experiment_conversions for recent days; variant rows are kept after a variant goes.
CREATE TABLE experiment_assignments_rollup (
  experiment_id uuid NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  arm_period integer NOT NULL CHECK (arm_period >= 1),
  variant_id uuid NOT NULL,
  day date NOT NULL,
  visitors bigint NOT NULL DEFAULT 0 CHECK (visitors >= 0),
  conversions bigint NOT NULL DEFAULT 0 CHECK (conversions >= 0),
  bot_visitors bigint NOT NULL DEFAULT 0 CHECK (bot_visitors >= 0),
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, arm_period, variant_id, day),
  CONSTRAINT fk_experiment_rollup_exp_ws FOREIGN KEY (experiment_id, workspace_id)
    REFERENCES experiments (id, workspace_id) ON DELETE CASCADE
);

-- A conversion of one visitor-day: reported with a click id (POST /v1/conversions) or a bio page
-- click / sign-up. The key is the exposure's visitor-day, so a visitor-day converts at most once.
CREATE TABLE experiment_conversions (
  experiment_id uuid NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  arm_period integer NOT NULL CHECK (arm_period >= 1),
  variant_id uuid NOT NULL,
  exposure_day date NOT NULL,
  -- 16 hex characters derived from the visitor hash and the experiment id (never the hash itself)
  visitor_key text NOT NULL CHECK (visitor_key ~ '^[0-9a-f]{16}$'),
  source text NOT NULL CHECK (source IN ('api', 'lead', 'click')),
  reports integer NOT NULL DEFAULT 1 CHECK (reports >= 1),
  first_reported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, arm_period, exposure_day, visitor_key),
  CONSTRAINT fk_experiment_conversions_exp_ws FOREIGN KEY (experiment_id, workspace_id)
    REFERENCES experiments (id, workspace_id) ON DELETE CASCADE
);
CREATE INDEX ix_experiment_conversions_day ON experiment_conversions (experiment_id, arm_period, exposure_day);

-- The latest analysis of an arm period, computed by the worker from the rollups (never on the redirect path).
CREATE TABLE experiment_results (
  experiment_id uuid NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  arm_period integer NOT NULL CHECK (arm_period >= 1),
  method text NOT NULL CHECK (char_length(method) BETWEEN 1 AND 64),
  -- the analysis: per-variant counts, rates, intervals, comparisons, SRM check, verdict (schemas/experiments.ts)
  analysis jsonb NOT NULL,
  srm_flagged boolean NOT NULL DEFAULT false,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, arm_period),
  CONSTRAINT fk_experiment_results_exp_ws FOREIGN KEY (experiment_id, workspace_id)
    REFERENCES experiments (id, workspace_id) ON DELETE CASCADE
);

CREATE INDEX ix_experiments_active ON experiments (status) WHERE status IN ('running', 'paused') AND deleted_at IS NULL;
