-- One entry per member and book: where they are, whether they finished it, when they last read.
CREATE TABLE reading_history (
    user_id          BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id          BIGINT      NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    position         INTEGER     NOT NULL DEFAULT 0 CHECK (position >= 0),
    completed        BOOLEAN     NOT NULL DEFAULT FALSE,
    completed_at     TIMESTAMPTZ,
    video_started_at TIMESTAMPTZ,
    started_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, book_id),
    CHECK (completed = (completed_at IS NOT NULL))
);
-- "Pick up where you left off" and the trending refresh.
CREATE INDEX reading_history_user_recent_idx ON reading_history (user_id, updated_at DESC);
CREATE INDEX reading_history_recent_idx ON reading_history (updated_at, book_id);

-- The member's calendar days (in their timezone at the time) with a completed summary: streaks.
CREATE TABLE reading_days (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     DATE   NOT NULL,
    PRIMARY KEY (user_id, day)
);

CREATE TABLE library_items (
    user_id  BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id  BIGINT      NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    added_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, book_id)
);
CREATE INDEX library_items_user_recent_idx ON library_items (user_id, added_at DESC, book_id DESC);

CREATE TABLE book_ratings (
    user_id    BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id    BIGINT      NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    rating     SMALLINT    NOT NULL CHECK (rating BETWEEN 1 AND 5),
    feedback   TEXT        NOT NULL DEFAULT '' CHECK (char_length(feedback) <= 500),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, book_id)
);
CREATE INDEX book_ratings_book_idx ON book_ratings (book_id, updated_at DESC);
