-- The referral link a sign-up named (`rId`), written with the account in its own transaction and
-- cleared once referral's rules have settled it: a process that dies between the account and the
-- attribution leaves it here for the ledger job, instead of losing the referrer's commission.
ALTER TABLE users ADD COLUMN joined_via_referral TEXT;
CREATE INDEX users_unsettled_sign_up_referral ON users (id) WHERE joined_via_referral IS NOT NULL;
