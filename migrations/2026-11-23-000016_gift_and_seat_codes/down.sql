DROP TABLE gifts;
DROP INDEX subscription_codes_charge;
ALTER TABLE subscription_codes DROP COLUMN revoked_at, DROP COLUMN invited_at, DROP COLUMN invited_email, DROP COLUMN shown, DROP COLUMN charge_id, DROP COLUMN kind;
