-- Account security columns the permission algorithm reads (docs/product-rules.md#permissions), added by the accounts
-- work: the workspace's "require two-factor" setting, and the session's last step-up.
ALTER TABLE workspaces ADD COLUMN IF NOT EXISTS require_two_factor boolean NOT NULL DEFAULT false;
-- Set at sign-in and by POST /api/auth/reauthenticate; C5 rows require it within 5 minutes.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS reauthenticated_at timestamptz;
