-- The referral programme: members' public referral ids (/r/{id}), who referred whom, and the
-- commission ledger (append-only: a refund is a reversing entry, never an update).
CREATE TABLE referral_ids (
    user_id BIGINT PRIMARY KEY REFERENCES users (id),
    referral_id TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE referrals (
    -- A member is referred once.
    member_id BIGINT PRIMARY KEY REFERENCES users (id),
    referrer_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMPTZ NOT NULL,
    CHECK (member_id <> referrer_id)
);
CREATE INDEX referrals_by_referrer ON referrals (referrer_id);

CREATE TABLE referral_ledger (
    id BIGSERIAL PRIMARY KEY,
    beneficiary_id BIGINT NOT NULL REFERENCES users (id),
    -- credit (a payment), reversal (its refund), payout (money paid out, negative).
    kind TEXT NOT NULL CHECK (kind IN ('credit', 'reversal', 'payout')),
    -- The payment a credit or reversal is for; one of each per payment.
    charge_id TEXT,
    amount_cents BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX referral_ledger_once_per_charge ON referral_ledger (charge_id, kind) WHERE charge_id IS NOT NULL;
CREATE INDEX referral_ledger_by_beneficiary ON referral_ledger (beneficiary_id);

CREATE FUNCTION referral_ledger_is_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'referral_ledger is append-only: add a reversing entry instead';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER referral_ledger_append_only
    BEFORE UPDATE OR DELETE ON referral_ledger
    FOR EACH ROW EXECUTE FUNCTION referral_ledger_is_append_only();
