-- Every change an admin makes, written in the transaction of the change.
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    -- Kept when the admin's account is erased (then null): the entry stays.
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    before JSONB NOT NULL,
    after JSONB NOT NULL,
    reason TEXT,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC);

-- The members list's search by e-mail or name (ILIKE '%...%').
CREATE INDEX users_search ON users USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
