-- Sign-ins started with an outside provider: the state (as a digest) and the PKCE verifier.
CREATE TABLE oauth_states (
    state_digest  TEXT PRIMARY KEY,
    provider      TEXT        NOT NULL,
    code_verifier TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    used_at       TIMESTAMPTZ
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

-- Which provider identities belong to which account.
CREATE TABLE user_identities (
    provider   TEXT        NOT NULL,
    subject    TEXT        NOT NULL,
    user_id    BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);
