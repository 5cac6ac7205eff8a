-- D-631: a link imported from another product keeps the all-time click total that product counted,
-- as imported history beside LinkHub's own events (never mixed into click_events or the rollups).
-- Expand only.
CREATE TABLE imported_click_totals (
  link_id uuid PRIMARY KEY REFERENCES links (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('bitly', 'dub', 'rebrandly', 'shlink', 'kutt', 'yourls')),
  clicks bigint NOT NULL CHECK (clicks >= 0),
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_imported_click_totals_workspace ON imported_click_totals (workspace_id);
