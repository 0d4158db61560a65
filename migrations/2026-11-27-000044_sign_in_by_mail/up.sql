-- A provider sign-in waiting for the owner of its address (the provider did not vouch for it):
-- the mailed link's code and the key of the browser that began it, both only as digests, and the
-- profile the provider gave. Dropped an hour after expiry by the housekeeping job.
CREATE TABLE sign_in_confirmations (
    code_digest TEXT PRIMARY KEY,
    browser_digest TEXT NOT NULL,
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    timezone TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);

CREATE INDEX sign_in_confirmations_expires_at ON sign_in_confirmations (expires_at);
