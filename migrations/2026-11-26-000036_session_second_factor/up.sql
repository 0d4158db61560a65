-- Security III §4: the back office asks whether this session passed the second factor, not
-- whether the account has it on. One row per session (refresh-token family) that did.
CREATE TABLE session_second_factor (
    family TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    passed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX session_second_factor_user ON session_second_factor (user_id);
