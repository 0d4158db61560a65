-- What visitors and members send through the contact, suggest-a-book and feedback forms; the
-- back office reads them at /admin/messages. Each is also mailed to support (same transaction).
CREATE TABLE contact_messages (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('contact', 'suggest', 'feedback')),
    name TEXT,
    email TEXT NOT NULL,
    body TEXT NOT NULL,
    -- The member who sent it, when signed in; kept when the account goes (the message is theirs
    -- to have sent, but the link is cut).
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    read_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX contact_messages_newest ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_unread ON contact_messages (created_at DESC, id DESC) WHERE read_at IS NULL;
