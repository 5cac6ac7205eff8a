-- UTM presets per workspace (D-623): a name and the five UTM values, offered by the link editor and
-- named by `utm_preset_id` on a link create or update. Every workspace, old and new, starts with the
-- three presets the editor used to hard-code, so nothing a user knew disappears.

CREATE TABLE utm_presets (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  -- {source, medium, campaign, term, content}, as links.utm
  utm jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(utm) = 'object'),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_utm_presets_workspace_name ON utm_presets (workspace_id, lower(name));

CREATE OR REPLACE FUNCTION seed_utm_presets(p_workspace uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO utm_presets (workspace_id, name, utm) VALUES
    (p_workspace, 'Newsletter', '{"source":"newsletter","medium":"email"}'::jsonb),
    (p_workspace, 'Instagram', '{"source":"instagram","medium":"social"}'::jsonb),
    (p_workspace, 'Print (QR)', '{"source":"print","medium":"qr"}'::jsonb)
  ON CONFLICT DO NOTHING;
$$;

SELECT seed_utm_presets(id) FROM workspaces;

CREATE OR REPLACE FUNCTION tr_seed_utm_presets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_utm_presets(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER tr_workspaces_utm_presets AFTER INSERT ON workspaces FOR EACH ROW EXECUTE FUNCTION tr_seed_utm_presets();
