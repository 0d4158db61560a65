DROP TABLE referral_ledger;
DROP FUNCTION referral_ledger_is_append_only();
DROP TABLE referrals;
DROP TABLE referral_ids;
