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

-- Payments the commission job has decided (credited, or earning nobody anything), so it looks at
-- each once.
CREATE TABLE referral_settled_payments (
    charge_id TEXT PRIMARY KEY,
    settled_at TIMESTAMPTZ NOT NULL
);
-- Payments credited before this table existed are decided.
INSERT INTO referral_settled_payments (charge_id, settled_at)
SELECT charge_id, created_at FROM referral_ledger WHERE kind = 'credit' AND charge_id IS NOT NULL;
