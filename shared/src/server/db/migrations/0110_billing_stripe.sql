-- Stripe billing. Expand only.
-- Webhook events are applied in any order: each mirrored Stripe object keeps the `created` time of
-- the event whose snapshot it holds (`stripe_event_at`), and an older snapshot never overwrites a
-- newer one. The price id says which plan and interval a subscription is on.
ALTER TABLE subscriptions
  ADD COLUMN stripe_price_id text,
  ADD COLUMN stripe_event_at timestamptz;
-- An invoice can arrive before its subscription: it names the Stripe subscription, linked later.
ALTER TABLE invoices
  ADD COLUMN stripe_subscription_id text,
  ADD COLUMN stripe_event_at timestamptz;
CREATE INDEX ix_invoices_stripe_subscription ON invoices (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL;
CREATE INDEX ix_invoices_account_open ON invoices (billing_account_id, issued_at DESC) WHERE status = 'open';

-- A plan downgrade makes what exceeds the new caps read-only (resource_locked) without touching how
-- it is served: unlike `locked`, `edit_locked_at` never changes a redirect, a QR scan or a published page.
ALTER TABLE links ADD COLUMN edit_locked_at timestamptz;
ALTER TABLE qr_codes ADD COLUMN edit_locked_at timestamptz;
ALTER TABLE bio_pages ADD COLUMN edit_locked_at timestamptz;
CREATE INDEX ix_links_edit_locked ON links (workspace_id) WHERE edit_locked_at IS NOT NULL;
CREATE INDEX ix_qr_codes_edit_locked ON qr_codes (workspace_id) WHERE edit_locked_at IS NOT NULL;
CREATE INDEX ix_bio_pages_edit_locked ON bio_pages (workspace_id) WHERE edit_locked_at IS NOT NULL;
