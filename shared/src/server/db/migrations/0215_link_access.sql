-- D-615, D-616, D-617: access controls on a link and a domain's own answers. Expand only.
-- password_hash: scrypt, `scrypt$N$r$p$salt$hash` (base64url); never read by the sync view or history.
ALTER TABLE links ADD COLUMN password_hash text
  CONSTRAINT ck_links_password_hash CHECK (password_hash IS NULL OR password_hash LIKE 'scrypt$%');
-- max_clicks: the link ends after that many admitted visits; click_count is the edge's counter as the
-- worker last flushed it (seeds the counter on a cold cache); click_limit_reached_at says why it ended.
ALTER TABLE links ADD COLUMN max_clicks integer
  CONSTRAINT ck_links_max_clicks CHECK (max_clicks IS NULL OR max_clicks > 0);
ALTER TABLE links ADD COLUMN click_count bigint NOT NULL DEFAULT 0
  CONSTRAINT ck_links_click_count CHECK (click_count >= 0);
ALTER TABLE links ADD COLUMN click_limit_reached_at timestamptz;
CREATE INDEX ix_links_capped ON links (id) WHERE max_clicks IS NOT NULL AND click_limit_reached_at IS NULL AND deleted_at IS NULL;
-- A domain's root may redirect to a URL (instead of a bio page); expired_url is the domain's default
-- for its expired or click-capped links.
ALTER TABLE custom_domains ADD COLUMN root_redirect_url text;
ALTER TABLE custom_domains ADD COLUMN expired_url text;
