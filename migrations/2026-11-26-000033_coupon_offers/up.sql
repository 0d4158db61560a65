-- Coupons as operators run them (back office): an amount off instead of a percentage, one use per
-- member, an end, and at most one coupon marked as the site's offer (the banner's).
ALTER TABLE coupons
    ADD COLUMN amount_off_cents BIGINT NOT NULL DEFAULT 0 CHECK (amount_off_cents >= 0),
    ADD COLUMN once_per_member BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN site_offer BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN ended_at TIMESTAMPTZ,
    ADD CONSTRAINT coupons_one_kind_of_discount CHECK (percent_off = 0 OR amount_off_cents = 0);

CREATE UNIQUE INDEX coupons_one_site_offer ON coupons ((TRUE)) WHERE site_offer;

-- One row per charge that claimed a coupon, written when the charge is recorded (before the
-- provider is asked) and removed with a charge that never became a payment. `coupons.redemptions`
-- counts these rows; the conditional update that adds one is what keeps parallel checkouts under
-- `max_redemptions`.
CREATE TABLE coupon_redemptions (
    charge_id TEXT PRIMARY KEY REFERENCES charges (id) ON DELETE CASCADE,
    code TEXT NOT NULL REFERENCES coupons (code),
    -- The buyer's normalised e-mail: one use per member is one use per address.
    member_key TEXT NOT NULL,
    once_per_member BOOLEAN NOT NULL,
    claimed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupon_redemptions_once_per_member ON coupon_redemptions (code, member_key) WHERE once_per_member;
CREATE INDEX coupon_redemptions_by_code ON coupon_redemptions (code, claimed_at DESC);

INSERT INTO coupon_redemptions (charge_id, code, member_key, once_per_member, claimed_at)
SELECT id, coupon_code, lower(btrim(email)), FALSE, created_at FROM charges WHERE coupon_code IS NOT NULL AND status <> 'initiated';
UPDATE coupons SET redemptions = (SELECT count(*) FROM coupon_redemptions r WHERE r.code = coupons.code);
