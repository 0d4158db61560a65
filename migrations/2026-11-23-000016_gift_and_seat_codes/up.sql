-- Every kind of single-use code lives in subscription_codes: operators' subscription codes, gift
-- codes (bought for someone), team seats (bought in bulk) and marketplace (StackSocial) codes.
ALTER TABLE subscription_codes
    ADD COLUMN kind TEXT NOT NULL DEFAULT 'subscription' CHECK (kind IN ('subscription', 'gift', 'seat', 'stacksocial')),
    ADD COLUMN charge_id TEXT REFERENCES charges (id),
    -- Seats only: the code as typed, shown to the buyer who hands seats out (random, 100 bits).
    ADD COLUMN shown TEXT,
    ADD COLUMN invited_email TEXT,
    ADD COLUMN invited_at TIMESTAMPTZ,
    ADD COLUMN revoked_at TIMESTAMPTZ;
CREATE INDEX subscription_codes_charge ON subscription_codes (charge_id) WHERE charge_id IS NOT NULL;

-- The gift form of a gift purchase (who it is from and for), kept with the charge.
CREATE TABLE gifts (
    charge_id TEXT PRIMARY KEY REFERENCES charges (id),
    sender_name TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    recipient_email TEXT,
    message TEXT NOT NULL
);
