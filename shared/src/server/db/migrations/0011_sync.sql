-- Replicache bookkeeping (row versioning + client view records, ARCHITECTURE.md#the-life-of-an-offline-edit) and refused-mutation notices.

-- Client group ids and client ids are Replicache's own strings.
CREATE TABLE replicache_client_groups (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 128),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- incremented on every pull that produced a new client view record; the pull cookie carries it
  cvr_version integer NOT NULL DEFAULT 0 CHECK (cvr_version >= 0),
  last_pull_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_replicache_client_groups_user ON replicache_client_groups (user_id);
CREATE TRIGGER tr_replicache_client_groups_touch BEFORE UPDATE ON replicache_client_groups FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE replicache_clients (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 128),
  client_group_id text NOT NULL REFERENCES replicache_client_groups (id) ON DELETE CASCADE,
  last_mutation_id bigint NOT NULL DEFAULT 0 CHECK (last_mutation_id >= 0),
  -- the client group's cvr_version at which last_mutation_id last changed (for lastMutationIDChanges)
  last_modified_cvr_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_replicache_clients_group ON replicache_clients (client_group_id);
CREATE TRIGGER tr_replicache_clients_touch BEFORE UPDATE ON replicache_clients FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- One client view record per (client group, cvr_version): entries maps a Replicache key
-- ('link/<id>', 'block/<pageId>/<id>', …) to the row_version the client has. Old records are pruned.
CREATE TABLE replicache_client_views (
  client_group_id text NOT NULL REFERENCES replicache_client_groups (id) ON DELETE CASCADE,
  cvr_version integer NOT NULL CHECK (cvr_version >= 1),
  entries jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- optional summary of the visible set, so an unchanged pull can be answered without a diff
  fingerprint text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_group_id, cvr_version),
  CONSTRAINT ck_replicache_client_views_entries_object CHECK (jsonb_typeof(entries) = 'object')
);
CREATE TRIGGER tr_replicache_client_views_touch BEFORE UPDATE ON replicache_client_views FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- "Your change to Spring sale was not saved: your role is Viewer". Synced as notice/{id}; dismissal
-- is a soft delete so the sync engine sends the removal.
CREATE TABLE sync_notices (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  client_group_id text,
  client_id text,
  mutation_id bigint,
  mutation_name text NOT NULL,
  code text NOT NULL,
  message text NOT NULL,
  details jsonb NOT NULL DEFAULT '[]'::jsonb,
  resource_type text,
  resource_id uuid,
  resource_title text,
  read_at timestamptz,
  deleted_at timestamptz,
  row_version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_sync_notices_user ON sync_notices (user_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER tr_sync_notices_version BEFORE UPDATE ON sync_notices FOR EACH ROW EXECUTE FUNCTION bump_row_version();
