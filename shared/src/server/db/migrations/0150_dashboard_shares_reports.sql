-- Read-only shared dashboard links and emailed analytics reports. Expand only.
--
-- A shared link shows the aggregate numbers of one saved selection (period, resource or set, filters)
-- to anyone holding its token, without signing in; never a visitor-level row. Revoking sets
-- revoked_at and the link stops answering at once. The token is kept as written in the link (like
-- Plausible's shared links, an admin can copy it again); it opens nothing but these aggregates.
CREATE TABLE dashboard_shares (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  -- {period, resource_id?, tag?, domain?, filters: {dimension: value}}
  selection jsonb NOT NULL,
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32,64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX ix_dashboard_shares_ws ON dashboard_shares (workspace_id, created_at DESC) WHERE revoked_at IS NULL;

-- One report subscription per member and workspace: weekly (Monday, the 7 days before) or monthly
-- (the 1st, the month before), in the workspace time zone. last_period_start makes a send once per
-- period, whatever the number of worker runs.
CREATE TABLE analytics_report_subscriptions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  last_period_start timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, user_id)
);
