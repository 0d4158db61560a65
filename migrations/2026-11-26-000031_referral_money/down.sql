ALTER TABLE referral_ledger DISABLE TRIGGER referral_ledger_append_only;
DELETE FROM referral_ledger WHERE kind = 'reinstatement';
ALTER TABLE referral_ledger ENABLE TRIGGER referral_ledger_append_only;
ALTER TABLE referral_ledger DROP CONSTRAINT referral_ledger_kind_check;
ALTER TABLE referral_ledger ADD CONSTRAINT referral_ledger_kind_check CHECK (kind IN ('credit', 'reversal', 'payout'));
DROP INDEX charges_card_fingerprint;
ALTER TABLE charges DROP COLUMN card_fingerprint;
