-- Custom domains must be proven before they reserve their host (DECISIONS D-490). A pending claim no
-- longer blocks another workspace: several workspaces may each hold one; the first to pass the DNS check
-- wins and every other live claim on the host becomes 'lost'. A verified row (and a system host, which
-- is always verified) still holds its host alone.
--
-- Expand and contract in one step: the new partial index is built before the old one goes, under the old
-- name, so the API's mapping of its violation to 409 domain_taken is unchanged. Code that predates this
-- migration still runs against it (a pending insert it made would only stop conflicting).

ALTER TABLE custom_domains DROP CONSTRAINT custom_domains_status_check;
ALTER TABLE custom_domains ADD CONSTRAINT custom_domains_status_check
  CHECK (status IN ('pending', 'verified', 'failed', 'lost', 'removed'));

CREATE UNIQUE INDEX ux_custom_domains_hostname_verified ON custom_domains (hostname)
  WHERE deleted_at IS NULL AND status = 'verified';
DROP INDEX ux_custom_domains_hostname;
ALTER INDEX ux_custom_domains_hostname_verified RENAME TO ux_custom_domains_hostname;

-- One live claim per (workspace, host): a workspace does not race itself.
CREATE UNIQUE INDEX ux_custom_domains_ws_hostname ON custom_domains (workspace_id, hostname)
  WHERE deleted_at IS NULL AND workspace_id IS NOT NULL;

-- A new (or re-opened) pending claim on a host another row has verified is refused as the unique index
-- would refuse it, so callers keep mapping it to 409 domain_taken.
CREATE OR REPLACE FUNCTION custom_domains_refuse_verified_host() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL AND NEW.status = 'pending' AND EXISTS (
       SELECT 1 FROM custom_domains d
        WHERE d.hostname = NEW.hostname AND d.deleted_at IS NULL AND d.status = 'verified' AND d.id <> NEW.id) THEN
    RAISE EXCEPTION 'domain_taken: % is verified by another workspace', NEW.hostname
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'ux_custom_domains_hostname';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tr_custom_domains_refuse_verified_host BEFORE INSERT OR UPDATE OF status, deleted_at ON custom_domains
  FOR EACH ROW EXECUTE FUNCTION custom_domains_refuse_verified_host();
