-- Send to Kindle: each member's Kindle address (personal data, erased with the account) and the
-- sends of the last days (the daily limit counts them).
CREATE TABLE kindle_addresses (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    address    TEXT        NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE kindle_sends (
    id      BIGSERIAL PRIMARY KEY,
    user_id BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id BIGINT      NOT NULL,
    sent_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX kindle_sends_member_time ON kindle_sends (user_id, sent_at);

-- A mail may carry one attachment (the EPUB of a Kindle delivery); dropped once the mail left.
ALTER TABLE mail_outbox
    ADD COLUMN attachment_name TEXT,
    ADD COLUMN attachment_type TEXT,
    ADD COLUMN attachment BYTEA;
