-- Two-factor sign-in (TOTP): one row per member who started or finished enrolment.
CREATE TABLE two_factor (
    user_id BIGINT PRIMARY KEY REFERENCES users (id),
    -- Base32 shared secret. Kept readable by the server because every check needs it.
    secret TEXT NOT NULL,
    -- NULL while the enrolment waits for its first code.
    enabled_at TIMESTAMPTZ,
    -- The last accepted 30-second step: a code is good once.
    last_used_step BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE two_factor_recovery_codes (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    code_digest TEXT NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX two_factor_recovery_codes_user ON two_factor_recovery_codes (user_id);

-- The pending second step of a login (digest of the challenge only).
CREATE TABLE login_challenges (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    challenge_digest TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX login_challenges_expiry ON login_challenges (expires_at);

-- Who used each refresh token, so members can tell their sessions apart.
ALTER TABLE refresh_tokens
    ADD COLUMN user_agent TEXT NOT NULL DEFAULT '',
    ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX refresh_tokens_user_live ON refresh_tokens (user_id) WHERE used_at IS NULL AND revoked_at IS NULL;
