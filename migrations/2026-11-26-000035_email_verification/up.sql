-- Security III §2: an account's e-mail address is confirmed by a link (24 h, single use) before the
-- account may buy, receive a gift or be linked to a sign-in provider. Accounts made by a provider's
-- verified address are confirmed by it; older password accounts are not, and are asked to confirm.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMPTZ;
UPDATE users SET email_verified_at = created_at WHERE id IN (SELECT user_id FROM user_identities);

CREATE TABLE email_verifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_digest TEXT NOT NULL UNIQUE,
    -- The address the link confirms: a link for an address the account no longer has confirms nothing.
    email TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);
