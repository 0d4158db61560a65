-- The plan fields on users stay as derived; the grants, trials and new states go.
ALTER TABLE subscription_codes DROP COLUMN revoked_reason;
UPDATE charges SET status = 'paid' WHERE status = 'disputed';
UPDATE charges SET status = 'requires_action' WHERE status = 'processing';
ALTER TABLE charges DROP CONSTRAINT charges_status_check;
ALTER TABLE charges ADD CONSTRAINT charges_status_check CHECK (status IN ('requires_action', 'paid', 'refunded'));
DROP INDEX subscriptions_end_requested;
ALTER TABLE subscriptions DROP COLUMN past_due_since, DROP COLUMN end_requested, DROP COLUMN end_requested_at;
UPDATE subscriptions SET status = 'expired' WHERE status IN ('incomplete_expired', 'unpaid');
UPDATE subscriptions SET status = 'past_due' WHERE status IN ('incomplete', 'paused');
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired'));
DROP TABLE trials;
DROP FUNCTION derived_member_plan(BIGINT, TIMESTAMPTZ);
DROP TABLE access_grants;
