-- Purchases. `id` is the public chargeId (random); rows stay for accounting, anonymised when the
-- buyer's account is erased.
CREATE TABLE charges (
    id TEXT PRIMARY KEY,
    user_id BIGINT REFERENCES users (id),
    email TEXT NOT NULL,
    plan_id TEXT NOT NULL REFERENCES plans (id),
    quantity INT NOT NULL CHECK (quantity > 0),
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    coupon_code TEXT REFERENCES coupons (code),
    provider TEXT NOT NULL,
    -- The provider's payment or subscription id.
    reference TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('requires_action', 'paid', 'refunded')),
    created_at TIMESTAMPTZ NOT NULL,
    attached_at TIMESTAMPTZ
);
CREATE INDEX charges_user ON charges (user_id);
CREATE UNIQUE INDEX charges_provider_reference ON charges (provider, reference);

-- The state of a subscription bought by a charge, as the provider last reported it.
CREATE TABLE subscriptions (
    charge_id TEXT PRIMARY KEY REFERENCES charges (id),
    status TEXT NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired')),
    current_period_end TIMESTAMPTZ NOT NULL,
    -- The provider's time of that report: older reports never overwrite newer ones.
    as_of TIMESTAMPTZ NOT NULL
);
