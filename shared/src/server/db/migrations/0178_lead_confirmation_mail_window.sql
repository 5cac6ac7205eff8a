-- D-486: a double opt-in confirmation mail goes to one address for one page at most once per
-- window; `confirm_mailed_at` is when the last one left (NULL: none, or its sending failed). Every
-- unsubscribe link ever mailed keeps working: the first mail's token digest stays in
-- leads.unsubscribe_token_hash, and a later mail's (after the window) is added here. Expand only.
ALTER TABLE leads ADD COLUMN confirm_mailed_at timestamptz;
CREATE TABLE lead_unsubscribe_tokens (
  token_hash text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ix_lead_unsubscribe_tokens_lead ON lead_unsubscribe_tokens (lead_id);
