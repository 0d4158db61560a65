DROP TABLE coupon_redemptions;
DROP INDEX coupons_one_site_offer;
ALTER TABLE coupons DROP CONSTRAINT coupons_one_kind_of_discount, DROP COLUMN ended_at, DROP COLUMN site_offer, DROP COLUMN once_per_member, DROP COLUMN amount_off_cents;
