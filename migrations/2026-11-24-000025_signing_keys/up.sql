-- The access tokens' signing keys, shared by every server instance. Each private key is sealed
-- (AES-256-GCM) with a key derived from SIGNING_KEYS_SECRET, which never enters the database.
-- Keys are only added; the newest signs, all verify.
CREATE TABLE signing_keys (
    id integer PRIMARY KEY CHECK (id > 0),
    sealed_private_key bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
