DROP TABLE subscription_payments;
DROP TABLE referral_settled_payments;
ALTER TABLE referral_ledger DROP COLUMN note, DROP COLUMN recorded_by;
ALTER TABLE charges DROP COLUMN referral_id;
DROP TABLE affiliates;
