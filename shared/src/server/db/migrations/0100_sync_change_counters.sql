-- Change counters for the Replicache pull (docs/product-rules.md#sync: "pull cost must not grow with workspace size
-- when nothing changed"). Every write to a synced table bumps the counter of its workspace, and of
-- the user where the row decides that user's visible set (memberships, grants, notices). A pull whose
-- counters all equal the ones recorded with the previous client view answers without a diff.
CREATE TABLE sync_change_counters (
  scope text PRIMARY KEY, -- 'ws:<uuid>', 'user:<uuid>' or 'system'
  version bigint NOT NULL DEFAULT 1
);

CREATE OR REPLACE FUNCTION bump_sync_counter(p_scope text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sync_change_counters (scope, version) VALUES (p_scope, 1)
  ON CONFLICT (scope) DO UPDATE SET version = sync_change_counters.version + 1;
$$;

-- Content rows: the workspace's counter (system hosts: 'system').
CREATE OR REPLACE FUNCTION sync_bump_workspace_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF row_data.workspace_id IS NULL THEN
    PERFORM bump_sync_counter('system');
  ELSE
    PERFORM bump_sync_counter('ws:' || row_data.workspace_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.workspace_id IS DISTINCT FROM NEW.workspace_id AND OLD.workspace_id IS NOT NULL THEN
    PERFORM bump_sync_counter('ws:' || OLD.workspace_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sync_bump_workspace_self() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_sync_counter('ws:' || OLD.id);
  ELSE
    PERFORM bump_sync_counter('ws:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;

-- Membership rows change both the workspace's view and the member's own visible set.
CREATE OR REPLACE FUNCTION sync_bump_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM bump_sync_counter('ws:' || row_data.workspace_id);
  PERFORM bump_sync_counter('user:' || row_data.user_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sync_bump_grant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
  member_user uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  SELECT user_id INTO member_user FROM workspace_members WHERE id = row_data.member_id;
  IF member_user IS NOT NULL THEN
    PERFORM bump_sync_counter('user:' || member_user);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sync_bump_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM bump_sync_counter('user:' || row_data.user_id);
  RETURN NULL;
END $$;

CREATE TRIGGER tr_sync_workspaces AFTER INSERT OR UPDATE OR DELETE ON workspaces FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_self();
CREATE TRIGGER tr_sync_members AFTER INSERT OR UPDATE OR DELETE ON workspace_members FOR EACH ROW EXECUTE FUNCTION sync_bump_member();
CREATE TRIGGER tr_sync_grants AFTER INSERT OR UPDATE OR DELETE ON resource_grants FOR EACH ROW EXECUTE FUNCTION sync_bump_grant();
CREATE TRIGGER tr_sync_domains AFTER INSERT OR UPDATE OR DELETE ON custom_domains FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_links AFTER INSERT OR UPDATE OR DELETE ON links FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_qr_codes AFTER INSERT OR UPDATE OR DELETE ON qr_codes FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_bio_pages AFTER INSERT OR UPDATE OR DELETE ON bio_pages FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_bio_blocks AFTER INSERT OR UPDATE OR DELETE ON bio_blocks FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_summaries AFTER INSERT OR UPDATE OR DELETE ON analytics_summaries FOR EACH ROW EXECUTE FUNCTION sync_bump_workspace_row();
CREATE TRIGGER tr_sync_notices AFTER INSERT OR UPDATE OR DELETE ON sync_notices FOR EACH ROW EXECUTE FUNCTION sync_bump_user_row();
