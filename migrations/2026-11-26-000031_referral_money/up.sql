-- The card that paid (its fingerprint): nobody earns referral credit on their own card.
ALTER TABLE charges ADD COLUMN card_fingerprint TEXT;
CREATE INDEX charges_card_fingerprint ON charges (card_fingerprint) WHERE card_fingerprint IS NOT NULL;

-- A won dispute gives back the credit its chargeback reversed.
ALTER TABLE referral_ledger DROP CONSTRAINT referral_ledger_kind_check;
ALTER TABLE referral_ledger ADD CONSTRAINT referral_ledger_kind_check CHECK (kind IN ('credit', 'reversal', 'reinstatement', 'payout'));
