-- A member's private podcast feed: its address's secret only as a SHA-256 digest.
CREATE TABLE podcast_feeds (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE,
    scope TEXT NOT NULL DEFAULT 'library' CHECK (scope IN ('library', 'all')),
    created_at TIMESTAMPTZ NOT NULL,
    warnings INTEGER NOT NULL DEFAULT 0 CHECK (warnings >= 0),
    flagged_on DATE,
    last_fetched_at TIMESTAMPTZ
);

-- Downloads of a feed's episodes per day and place (digests of the address and the user agent,
-- never the address itself), for the sharing rule and the back office; kept 30 days.
CREATE TABLE podcast_feed_downloads (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day DATE NOT NULL,
    address_digest TEXT NOT NULL,
    agent_digest TEXT NOT NULL,
    downloads INTEGER NOT NULL DEFAULT 1 CHECK (downloads > 0),
    PRIMARY KEY (user_id, day, address_digest, agent_digest)
);
