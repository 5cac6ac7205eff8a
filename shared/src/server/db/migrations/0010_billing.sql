-- Stripe mirror: subscriptions, invoices, and the webhook dedupe log. Money in integer cents.

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  billing_account_id uuid NOT NULL REFERENCES billing_accounts (id) ON DELETE RESTRICT,
  stripe_subscription_id text,
  plan_key text NOT NULL REFERENCES plans (key) ON DELETE RESTRICT,
  status text NOT NULL CHECK (status IN ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  billing_interval text NOT NULL DEFAULT 'month' CHECK (billing_interval IN ('month', 'year')),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  canceled_at timestamptz,
  trial_ends_at timestamptz,
  past_due_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_subscriptions_stripe ON subscriptions (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL;
CREATE INDEX ix_subscriptions_account ON subscriptions (billing_account_id, created_at DESC);
CREATE INDEX ix_subscriptions_past_due ON subscriptions (past_due_since) WHERE status = 'past_due';
CREATE TRIGGER tr_subscriptions_touch BEFORE UPDATE ON subscriptions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  billing_account_id uuid NOT NULL REFERENCES billing_accounts (id) ON DELETE RESTRICT,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  stripe_invoice_id text,
  number text,
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'uncollectible', 'void')),
  currency char(3) NOT NULL DEFAULT 'usd' CHECK (currency = lower(currency)),
  subtotal_cents integer NOT NULL DEFAULT 0 CHECK (subtotal_cents >= 0),
  tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents integer NOT NULL DEFAULT 0,
  amount_due_cents integer NOT NULL DEFAULT 0 CHECK (amount_due_cents >= 0),
  amount_paid_cents integer NOT NULL DEFAULT 0 CHECK (amount_paid_cents >= 0),
  hosted_invoice_url text,
  invoice_pdf_url text,
  period_start timestamptz,
  period_end timestamptz,
  issued_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_invoices_paid CHECK (status <> 'paid' OR paid_at IS NOT NULL)
);
CREATE UNIQUE INDEX ux_invoices_stripe ON invoices (stripe_invoice_id) WHERE stripe_invoice_id IS NOT NULL;
CREATE INDEX ix_invoices_account ON invoices (billing_account_id, created_at DESC);
CREATE TRIGGER tr_invoices_touch BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Webhook dedupe: inserted in the same transaction that applies the event's effect, so a redelivered
-- event hits the unique index (INSERT … ON CONFLICT DO NOTHING → 0 rows → already applied).
-- No FK to subscriptions: an event can be the first we hear of one.
CREATE TABLE payment_events (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
  provider text NOT NULL DEFAULT 'stripe' CHECK (provider IN ('stripe')),
  event_id text NOT NULL,
  event_type text NOT NULL,
  payload_hash text NOT NULL,
  billing_account_id uuid REFERENCES billing_accounts (id) ON DELETE SET NULL,
  livemode boolean NOT NULL DEFAULT false,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ux_payment_events_provider_event ON payment_events (provider, event_id);
CREATE TRIGGER tr_payment_events_touch BEFORE UPDATE ON payment_events FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
