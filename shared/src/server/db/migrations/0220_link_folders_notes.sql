-- Link folders and notes (D-620, D-621). A folder has a name and at most one level of parent: a
-- folder's parent has no parent, and a folder with children takes none (a trigger holds it). A link
-- points at one folder of its own workspace or none; a folder is deleted softly (its grants stay, so
-- taking a folder away never widens a scoped member, D-622) and its links move to no folder.

CREATE TABLE link_folders (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  parent_id uuid,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ux_link_folders_workspace_id UNIQUE (workspace_id, id),
  CONSTRAINT fk_link_folders_parent_ws FOREIGN KEY (workspace_id, parent_id)
    REFERENCES link_folders (workspace_id, id),
  CONSTRAINT ck_link_folders_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX ix_link_folders_workspace ON link_folders (workspace_id) WHERE deleted_at IS NULL;
CREATE INDEX ix_link_folders_parent ON link_folders (parent_id) WHERE parent_id IS NOT NULL;
-- One live folder per name under the same parent, whatever its case.
CREATE UNIQUE INDEX ux_link_folders_name ON link_folders
  (workspace_id, COALESCE(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))
  WHERE deleted_at IS NULL;

-- One level of nesting: the parent is a live top-level folder, and a folder that has live children
-- stays top-level.
CREATE OR REPLACE FUNCTION check_link_folder_depth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND NEW.deleted_at IS NULL THEN
    IF EXISTS (SELECT 1 FROM link_folders p WHERE p.id = NEW.parent_id AND (p.parent_id IS NOT NULL OR p.deleted_at IS NOT NULL)) THEN
      RAISE EXCEPTION 'folder_too_deep: folder % cannot be the parent of %', NEW.parent_id, NEW.id USING ERRCODE = 'P0001';
    END IF;
    IF EXISTS (SELECT 1 FROM link_folders c WHERE c.parent_id = NEW.id AND c.deleted_at IS NULL) THEN
      RAISE EXCEPTION 'folder_too_deep: folder % has subfolders', NEW.id USING ERRCODE = 'P0001';
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_link_folders_depth BEFORE INSERT OR UPDATE OF parent_id, deleted_at ON link_folders
  FOR EACH ROW EXECUTE FUNCTION check_link_folder_depth();
CREATE TRIGGER tr_link_folders_version BEFORE UPDATE ON link_folders FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER tr_sync_link_folders AFTER INSERT OR UPDATE OR DELETE ON link_folders FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();

ALTER TABLE links ADD COLUMN folder_id uuid;
ALTER TABLE links ADD CONSTRAINT fk_links_folder_ws FOREIGN KEY (workspace_id, folder_id)
  REFERENCES link_folders (workspace_id, id);
CREATE INDEX ix_links_folder ON links (folder_id) WHERE folder_id IS NOT NULL AND deleted_at IS NULL;

-- A private note: never part of a redirect payload or a public page.
ALTER TABLE links ADD COLUMN note text CHECK (char_length(note) <= 2000);

-- A folder is a unit of per-resource grants (D-622).
ALTER TABLE resource_grants DROP CONSTRAINT resource_grants_resource_type_check;
ALTER TABLE resource_grants ADD CONSTRAINT resource_grants_resource_type_check
  CHECK (resource_type IN ('bio_page', 'link', 'qr_code', 'folder'));
