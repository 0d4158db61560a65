-- Members and admins. Erased accounts keep their row (anonymised) for accounting.
CREATE TABLE users (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email          TEXT        NOT NULL UNIQUE,
    password_hash  TEXT        NOT NULL,
    first_name     TEXT        NOT NULL DEFAULT '',
    last_name      TEXT        NOT NULL DEFAULT '',
    role           TEXT        NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
    timezone       TEXT        NOT NULL DEFAULT 'UTC',
    plan_id        TEXT,
    payment_method TEXT,
    paid_date      TIMESTAMPTZ,
    end_paid_date  TIMESTAMPTZ,
    recommends     BIGINT[]    NOT NULL DEFAULT '{}',
    friend_email   TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    deleted_at     TIMESTAMPTZ
);
CREATE INDEX users_created_at_idx ON users (created_at DESC);

-- Rotating refresh tokens, stored as SHA-256 digests; a family is one sign-in on one device.
CREATE TABLE refresh_tokens (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family       TEXT        NOT NULL,
    token_digest TEXT        NOT NULL UNIQUE,
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    used_at      TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family);

CREATE TABLE password_reset_codes (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_digest TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX password_reset_codes_lookup_idx ON password_reset_codes (user_id, code_digest);

-- Single-use codes that sign a person up with a plan (operators create them; billing later too).
CREATE TABLE subscription_codes (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code_digest   TEXT        NOT NULL UNIQUE,
    plan_id       TEXT        NOT NULL,
    duration_days INTEGER CHECK (duration_days IS NULL OR duration_days > 0),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    redeemed_by   BIGINT REFERENCES users (id) ON DELETE SET NULL,
    redeemed_at   TIMESTAMPTZ
);

-- Login and forgot-password attempts, for throttling. Keys hold digests, never e-mails.
CREATE TABLE auth_attempts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    attempt_key  TEXT        NOT NULL,
    attempted_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX auth_attempts_key_time_idx ON auth_attempts (attempt_key, attempted_at);

-- Why people left, with nothing that says who they were.
CREATE TABLE account_deletion_feedback (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    why        TEXT        NOT NULL,
    how        TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
