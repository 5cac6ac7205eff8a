-- The bio page's sign-up block stores leads (D-018 lifted). Expand only: new columns on
-- leads with defaults, so a reader that does not know them keeps working. A lead is `pending` until
-- its address is confirmed (double opt-in), `confirmed`, or `unsubscribed`; an unconfirmed lead past
-- `confirm_expires_at` is deleted by the worker. Tokens mailed to the address are stored as SHA-256
-- digests only; the confirmation token is single-use (cleared when used).
ALTER TABLE leads
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  -- published_revision of the page whose consent text the visitor agreed to
  ADD COLUMN page_revision integer CHECK (page_revision >= 1),
  ADD COLUMN confirm_token_hash text CHECK (char_length(confirm_token_hash) = 64),
  ADD COLUMN confirm_expires_at timestamptz,
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN unsubscribe_token_hash text CHECK (char_length(unsubscribe_token_hash) = 64),
  ADD COLUMN unsubscribed_at timestamptz;
ALTER TABLE leads ADD CONSTRAINT ck_leads_pending_confirmable
  CHECK (status <> 'pending' OR (confirm_token_hash IS NOT NULL AND confirm_expires_at IS NOT NULL));
CREATE UNIQUE INDEX ux_leads_confirm_token ON leads (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
CREATE UNIQUE INDEX ux_leads_unsubscribe_token ON leads (unsubscribe_token_hash) WHERE unsubscribe_token_hash IS NOT NULL;
CREATE INDEX ix_leads_pending_expiry ON leads (confirm_expires_at) WHERE status = 'pending';
CREATE INDEX ix_leads_page_created ON leads (page_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
