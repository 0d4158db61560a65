DROP INDEX users_unsettled_sign_up_referral;
ALTER TABLE users DROP COLUMN joined_via_referral;
