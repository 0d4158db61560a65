-- Back office II: podcasts, goals (and which books serve them), insights, and what collections,
-- blog posts and visual slides need to be managed from the back office.

CREATE TABLE podcasts (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title              TEXT        NOT NULL,
    author             TEXT        NOT NULL,
    author_description TEXT        NOT NULL DEFAULT '',
    description        TEXT        NOT NULL DEFAULT '',
    mins               INTEGER     NOT NULL DEFAULT 0 CHECK (mins >= 0),
    -- A public key (the cover) and a premium key (the episode, played through signed links).
    image              TEXT        NOT NULL DEFAULT '',
    media_url          TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX podcasts_created_idx ON podcasts (created_at DESC, id DESC);

CREATE TABLE goals (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title          TEXT        NOT NULL,
    short_title    TEXT        NOT NULL,
    mobile_title   TEXT        NOT NULL DEFAULT '',
    description    TEXT        NOT NULL DEFAULT '',
    photo          TEXT        NOT NULL DEFAULT '',
    featured_photo TEXT        NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE book_goals (
    book_id BIGINT NOT NULL REFERENCES all_books (id) ON DELETE CASCADE,
    goal_id BIGINT NOT NULL REFERENCES goals (id) ON DELETE CASCADE,
    PRIMARY KEY (book_id, goal_id)
);
CREATE INDEX book_goals_goal_idx ON book_goals (goal_id, book_id);

CREATE TABLE insights (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id    BIGINT      NOT NULL REFERENCES all_books (id) ON DELETE CASCADE,
    insight    TEXT        NOT NULL CHECK (insight <> ''),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX insights_book_idx ON insights (book_id, id);
CREATE INDEX insights_created_idx ON insights (created_at DESC, id DESC);

-- A collection shows its hand-picked books, then the books of its categories. (The spec's
-- subtitle is the existing `description`.)
ALTER TABLE collections ADD COLUMN categories BIGINT[] NOT NULL DEFAULT '{}';
ALTER TABLE collections ADD COLUMN upload_date TIMESTAMPTZ NOT NULL DEFAULT now();

-- Drafts are never shown; a published post shows from its publish date (`published_at`).
ALTER TABLE blog_posts ADD COLUMN draft BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE blog_posts ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now();
UPDATE blog_posts SET created_at = published_at;

-- A slide may wait without a book (shown to nobody) or without an image; reordering swaps
-- positions within one statement, so their uniqueness is checked at commit.
ALTER TABLE visuals ALTER COLUMN book_id DROP NOT NULL;
ALTER TABLE visuals ALTER COLUMN image SET DEFAULT '';
ALTER TABLE visuals DROP CONSTRAINT visuals_book_id_position_key;
ALTER TABLE visuals ADD CONSTRAINT visuals_book_id_position_key UNIQUE (book_id, position) DEFERRABLE INITIALLY DEFERRED;
