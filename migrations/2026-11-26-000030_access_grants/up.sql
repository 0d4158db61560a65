-- Entitlements as grants (billing::access): each purchase, code or operator decision that gives
-- Premium is one row with its own start and end; a member's access is their union, and the plan
-- fields on `users` (plan_id, paid_date, end_paid_date) are derived from them.
CREATE TABLE access_grants (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('purchase', 'code', 'operator', 'legacy')),
    charge_id TEXT REFERENCES charges (id),
    code_id BIGINT REFERENCES subscription_codes (id),
    starts_at TIMESTAMPTZ NOT NULL,
    -- NULL: for life.
    ends_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ,
    revoked_reason TEXT CHECK (revoked_reason IN ('refund', 'dispute', 'operator')),
    created_at TIMESTAMPTZ NOT NULL,
    CHECK ((source = 'purchase') = (charge_id IS NOT NULL)),
    CHECK ((source = 'code') = (code_id IS NOT NULL)),
    CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX access_grants_user ON access_grants (user_id);
CREATE UNIQUE INDEX access_grants_charge ON access_grants (charge_id) WHERE charge_id IS NOT NULL;
CREATE UNIQUE INDEX access_grants_code ON access_grants (code_id) WHERE code_id IS NOT NULL;

-- The member's plan fields as `MemberPlan::from_grants` derives them at `at` (the Rust rule is the
-- one the product uses; this mirror serves the backfill below and the reconcile check, and a test
-- compares the two on many random sets of grants). No row: no grant started by then.
CREATE FUNCTION derived_member_plan(member BIGINT, at TIMESTAMPTZ)
RETURNS TABLE (plan_id TEXT, paid_date TIMESTAMPTZ, end_paid_date TIMESTAMPTZ)
LANGUAGE sql STABLE AS $$
    WITH started AS (
        SELECT g.id, g.plan_id, g.starts_at,
               CASE WHEN g.revoked_at IS NULL THEN g.ends_at
                    WHEN g.ends_at IS NULL THEN g.revoked_at
                    ELSE least(g.ends_at, g.revoked_at) END AS effective_end
        FROM access_grants g
        WHERE g.user_id = member AND g.starts_at <= at
    ), live AS (
        SELECT * FROM started WHERE effective_end IS NULL OR effective_end > at
    ), best_live AS (
        SELECT l.plan_id, (SELECT min(starts_at) FROM live) AS paid_date, l.effective_end
        FROM live l
        ORDER BY (l.effective_end IS NULL) DESC, l.effective_end DESC, l.starts_at DESC, l.id DESC
        LIMIT 1
    ), last_ended AS (
        SELECT s.plan_id, s.starts_at AS paid_date, s.effective_end
        FROM started s
        WHERE NOT EXISTS (SELECT 1 FROM live)
        ORDER BY (s.effective_end IS NULL) DESC, s.effective_end DESC, s.starts_at DESC, s.id DESC
        LIMIT 1
    )
    SELECT * FROM best_live
    UNION ALL
    SELECT * FROM last_ended
$$;

-- Who had a free trial: once per account, e-mail, card and PayPal payer. The e-mail is kept as
-- its SHA-256 only (it outlives a deleted account, for this check alone).
CREATE TABLE trials (
    id BIGSERIAL PRIMARY KEY,
    charge_id TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    email_digest TEXT,
    card_fingerprint TEXT,
    paypal_payer TEXT,
    given_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX trials_user ON trials (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX trials_email ON trials (email_digest) WHERE email_digest IS NOT NULL;
CREATE INDEX trials_card ON trials (card_fingerprint) WHERE card_fingerprint IS NOT NULL;
CREATE INDEX trials_payer ON trials (paypal_payer) WHERE paypal_payer IS NOT NULL;

-- Every provider state (billing::subscription), the grace period's start, and renewals that
-- must end (replaced by a better purchase).
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
    CHECK (status IN ('incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete_expired', 'expired'));
ALTER TABLE subscriptions
    ADD COLUMN past_due_since TIMESTAMPTZ,
    ADD COLUMN end_requested TEXT CHECK (end_requested IN ('now', 'period_end')),
    ADD COLUMN end_requested_at TIMESTAMPTZ;
CREATE INDEX subscriptions_end_requested ON subscriptions (end_requested_at) WHERE end_requested IS NOT NULL;

-- Money that is on its way (a bank debit) and chargebacks.
ALTER TABLE charges DROP CONSTRAINT charges_status_check;
ALTER TABLE charges ADD CONSTRAINT charges_status_check CHECK (status IN ('requires_action', 'processing', 'paid', 'refunded', 'disputed'));

-- Why a code was revoked: a seat's owner replaced it, or its purchase was refunded or disputed.
ALTER TABLE subscription_codes ADD COLUMN revoked_reason TEXT CHECK (revoked_reason IN ('replaced', 'refund', 'dispute'));
UPDATE subscription_codes SET revoked_reason = 'replaced' WHERE revoked_at IS NOT NULL;

-- Backfill. What every member holds now becomes a legacy grant, exactly; a paid lifetime purchase
-- and a paid subscription get their own grants, so a refund or the subscription's events act on
-- them (a lifetime a later trial had overwritten comes back). Then every member's fields are
-- derived again, which keeps or betters what they had.
INSERT INTO access_grants (user_id, plan_id, source, starts_at, ends_at, created_at)
SELECT u.id, u.plan_id, 'legacy', u.paid_date, u.end_paid_date, now()
FROM users u
WHERE u.plan_id IS NOT NULL AND u.paid_date IS NOT NULL;

INSERT INTO access_grants (user_id, plan_id, source, charge_id, starts_at, ends_at, created_at)
SELECT c.user_id, c.plan_id, 'purchase', c.id, c.created_at,
       CASE WHEN p.kind = 'lifetime' THEN NULL
            WHEN s.status = 'expired' THEN least(s.current_period_end, s.as_of)
            ELSE s.current_period_end END,
       now()
FROM charges c
JOIN plans p ON p.id = c.plan_id
LEFT JOIN subscriptions s ON s.charge_id = c.id
WHERE c.user_id IS NOT NULL AND c.status = 'paid' AND (p.kind = 'lifetime' OR (p.kind = 'subscription' AND s.charge_id IS NOT NULL));

INSERT INTO trials (charge_id, user_id, email_digest, given_at)
SELECT c.id, c.user_id, CASE WHEN c.email = '' THEN NULL ELSE encode(sha256(convert_to(lower(c.email), 'UTF8')), 'hex') END, c.created_at
FROM charges c
JOIN plans p ON p.id = c.plan_id
WHERE p.kind = 'subscription' AND p.trial_days > 0 AND c.status IN ('paid', 'refunded');

UPDATE users u
SET (plan_id, paid_date, end_paid_date) = (SELECT d.plan_id, d.paid_date, d.end_paid_date FROM derived_member_plan(u.id, now()) d)
WHERE EXISTS (SELECT 1 FROM access_grants g WHERE g.user_id = u.id);
