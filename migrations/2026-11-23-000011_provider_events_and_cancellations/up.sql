-- Each provider event is processed once: its id is recorded in the transaction of its effects.
CREATE TABLE provider_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- Why members turned auto-renewal off (the spec's reasons).
CREATE TABLE cancellations (
    id BIGSERIAL PRIMARY KEY,
    charge_id TEXT NOT NULL REFERENCES charges (id),
    reason TEXT NOT NULL CHECK (reason IN ('too expensive', 'not using', 'using other app', 'not using it right now',
                                           'not working', 'no autorenewals', 'no android app', 'other')),
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX cancellations_charge ON cancellations (charge_id);

-- Housekeeping looks for renewing subscriptions of deleted accounts.
CREATE INDEX subscriptions_renewing ON subscriptions (charge_id) WHERE status IN ('trialing', 'active', 'past_due');
