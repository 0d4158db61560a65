-- The affiliate programme: members apply, an operator approves, and an approved affiliate's link
-- earns 10% of Premium purchases made through it. Payouts are ledger entries.
CREATE TABLE affiliates (
    user_id BIGINT PRIMARY KEY REFERENCES users (id),
    name TEXT NOT NULL,
    -- Where payouts and programme mail go (may differ from the account's address).
    email TEXT NOT NULL,
    audience TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    applied_at TIMESTAMPTZ NOT NULL,
    decided_at TIMESTAMPTZ,
    decided_by BIGINT REFERENCES users (id)
);
CREATE INDEX affiliates_by_status ON affiliates (status, applied_at DESC);

-- The referral link a purchase came through (the checkout's rId), as sent.
ALTER TABLE charges ADD COLUMN referral_id TEXT;

-- Payouts say who recorded them and why.
ALTER TABLE referral_ledger ADD COLUMN note TEXT, ADD COLUMN recorded_by BIGINT REFERENCES users (id);

-- A subscription's payments after its purchase (renewals, the first payment after a trial), one
-- per provider payment; the purchase's own first payment is its charge.
CREATE TABLE subscription_payments (
    id TEXT PRIMARY KEY,
    charge_id TEXT NOT NULL REFERENCES charges (id),
    provider TEXT NOT NULL,
    provider_payment_id TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    -- What a refund names (Stripe: the invoice's PaymentIntent).
    refund_reference TEXT,
    status TEXT NOT NULL CHECK (status IN ('paid', 'refunded')),
    paid_at TIMESTAMPTZ NOT NULL,
    UNIQUE (provider, provider_payment_id)
);
CREATE INDEX subscription_payments_by_charge ON subscription_payments (charge_id);
CREATE INDEX subscription_payments_by_refund ON subscription_payments (provider, refund_reference) WHERE refund_reference IS NOT NULL;

-- Payments the commission job has decided (credited, or earning nobody anything), so it looks at
-- each once.
CREATE TABLE referral_settled_payments (
    charge_id TEXT PRIMARY KEY,
    settled_at TIMESTAMPTZ NOT NULL
);
-- Payments credited before this table existed are decided.
INSERT INTO referral_settled_payments (charge_id, settled_at)
SELECT charge_id, created_at FROM referral_ledger WHERE kind = 'credit' AND charge_id IS NOT NULL;
