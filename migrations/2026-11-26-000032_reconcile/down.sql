DROP TABLE reconcile_runs;
DROP INDEX charges_unsettled;
DELETE FROM gifts WHERE charge_id IN (SELECT id FROM charges WHERE status = 'initiated');
DELETE FROM charges WHERE status = 'initiated';
DROP INDEX charges_provider_reference;
CREATE UNIQUE INDEX charges_provider_reference ON charges (provider, reference);
ALTER TABLE charges DROP CONSTRAINT charges_status_check;
ALTER TABLE charges ADD CONSTRAINT charges_status_check CHECK (status IN ('requires_action', 'processing', 'paid', 'refunded', 'disputed'));
