-- Brand kits (DECISIONS D-577): a workspace's saved QR designs (colours, logo, frame, label style),
-- applied to a new code or to every code of a bulk create. The design is the stored QR design model
-- (camelCase, as qr_codes.design); a kit is deleted for good (codes copied its design, none points to it).

CREATE TABLE brand_kits (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  design jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One kit per name in a workspace, whatever its case ("Bistro" and "bistro" are the same kit to a person).
CREATE UNIQUE INDEX ux_brand_kits_workspace_name ON brand_kits (workspace_id, lower(name));
