-- A charge is recorded (`initiated`) before the provider is asked, so a payment whose answer was
-- lost (a crash, a timeout) is found again; it has no provider reference until the provider names it.
ALTER TABLE charges DROP CONSTRAINT charges_status_check;
ALTER TABLE charges ADD CONSTRAINT charges_status_check
    CHECK (status IN ('initiated', 'requires_action', 'processing', 'paid', 'refunded', 'disputed'));
DROP INDEX charges_provider_reference;
CREATE UNIQUE INDEX charges_provider_reference ON charges (provider, reference) WHERE reference <> '';
CREATE INDEX charges_unsettled ON charges (created_at) WHERE status IN ('initiated', 'requires_action', 'processing');

-- What each reconciliation found (billing::reconcile): the back office shows the last one.
CREATE TABLE reconcile_runs (
    id BIGSERIAL PRIMARY KEY,
    finished_at TIMESTAMPTZ NOT NULL,
    charges_checked INT NOT NULL,
    members_checked INT NOT NULL,
    -- [{"kind", "chargeId", "userId", "detail", "fixed"}]
    problems JSONB NOT NULL
);
CREATE INDEX reconcile_runs_finished ON reconcile_runs (finished_at);
