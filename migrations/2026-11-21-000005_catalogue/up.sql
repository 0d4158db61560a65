-- The catalogue: books and what groups them (categories, collections, authors), visual slides,
-- blog posts, and which free member unlocked which book.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subid       TEXT    NOT NULL UNIQUE,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    small_image TEXT    NOT NULL DEFAULT '',
    sort_order  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE authors (
    id    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug  TEXT NOT NULL UNIQUE,
    name  TEXT NOT NULL,
    bio   TEXT NOT NULL DEFAULT '',
    photo TEXT NOT NULL DEFAULT ''
);
CREATE INDEX authors_name_idx ON authors (name);

-- Media columns hold object-store keys ("public/covers/x.svg", "premium/audio/x.wav"), never URLs:
-- the server turns public keys into plain URLs and premium keys into signed ones.
CREATE TABLE books (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subid              TEXT        NOT NULL UNIQUE,
    title              TEXT        NOT NULL,
    author_id          BIGINT      REFERENCES authors (id) ON DELETE SET NULL,
    author             TEXT        NOT NULL,
    author_description TEXT        NOT NULL DEFAULT '',
    description        TEXT        NOT NULL DEFAULT '',
    image              TEXT        NOT NULL DEFAULT '',
    vector             TEXT        NOT NULL DEFAULT '',
    infographic        TEXT,
    body               TEXT        NOT NULL DEFAULT '',
    quotes             TEXT[]      NOT NULL DEFAULT '{}',
    goals              TEXT[]      NOT NULL DEFAULT '{}',
    tags               TEXT[]      NOT NULL DEFAULT '{}',
    media_url          TEXT,
    video              TEXT,
    free               BOOLEAN     NOT NULL DEFAULT false,
    popular            BOOLEAN     NOT NULL DEFAULT false,
    coming_soon        BOOLEAN     NOT NULL DEFAULT false,
    upload_date        TIMESTAMPTZ NOT NULL DEFAULT now(),
    read_count         INTEGER     NOT NULL DEFAULT 0,
    -- Reads in the last 30 days ("trending"), refreshed from reading history.
    recent_reads       INTEGER     NOT NULL DEFAULT 0,
    -- Title and author rank first (A), then the description (B), then the summary text (C).
    search             TSVECTOR GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(author, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
        setweight(to_tsvector('english', regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g')), 'C')
    ) STORED
);
CREATE INDEX books_search_idx ON books USING GIN (search);
CREATE INDEX books_title_trgm_idx ON books USING GIN (title gin_trgm_ops);
CREATE INDEX books_author_trgm_idx ON books USING GIN (author gin_trgm_ops);
CREATE INDEX books_upload_date_idx ON books (upload_date DESC, id DESC);
CREATE INDEX books_trending_idx ON books (recent_reads DESC, read_count DESC, id DESC);
CREATE INDEX books_title_idx ON books (lower(title), id);
CREATE INDEX books_author_id_idx ON books (author_id);

CREATE TABLE book_categories (
    book_id     BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (book_id, category_id)
);
CREATE INDEX book_categories_category_idx ON book_categories (category_id, book_id);

CREATE TABLE collections (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug        TEXT    NOT NULL UNIQUE,
    title       TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    image       TEXT    NOT NULL DEFAULT '',
    sort_order  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE collection_books (
    collection_id BIGINT  NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    book_id       BIGINT  NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (collection_id, book_id)
);
CREATE INDEX collection_books_book_idx ON collection_books (book_id);

-- Visual key-idea slides; `image` is a premium object-store key.
CREATE TABLE visuals (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id  BIGINT  NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    image    TEXT    NOT NULL,
    title    TEXT    NOT NULL,
    body     TEXT    NOT NULL DEFAULT '',
    UNIQUE (book_id, position)
);

CREATE TABLE blog_posts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug         TEXT        NOT NULL UNIQUE,
    title        TEXT        NOT NULL,
    excerpt      TEXT        NOT NULL DEFAULT '',
    body         TEXT        NOT NULL DEFAULT '',
    image        TEXT        NOT NULL DEFAULT '',
    category     TEXT        NOT NULL DEFAULT 'ideas',
    published_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_category_idx ON blog_posts (category, published_at DESC);

-- A free member's unlocks: `ordinal` 1, 2, 3 (4 after an invite); unlocked books stay open.
CREATE TABLE book_unlocks (
    user_id     BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id     BIGINT      NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    ordinal     INTEGER     NOT NULL CHECK (ordinal > 0),
    unlocked_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, book_id),
    UNIQUE (user_id, ordinal)
);

-- The monthly preview an admin chose for a calendar month (first day of the month, UTC).
CREATE TABLE monthly_previews (
    month   DATE   PRIMARY KEY CHECK (extract(day FROM month) = 1),
    book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE
);
