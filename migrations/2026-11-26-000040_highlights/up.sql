-- Members' highlights and notes on summaries (crates/highlights). Each keeps its place three ways
-- (block points, the quoted text with its context, the position in the section) and the version of
-- the section it was last found in, so an edited summary re-anchors it or marks it orphaned.
CREATE TABLE highlights (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id BIGINT NOT NULL REFERENCES all_books (id) ON DELETE CASCADE,
    section INTEGER NOT NULL CHECK (section >= 0),
    start_block TEXT NOT NULL,
    start_offset INTEGER NOT NULL CHECK (start_offset >= 0),
    end_block TEXT NOT NULL,
    end_offset INTEGER NOT NULL CHECK (end_offset >= 0),
    quote_exact TEXT NOT NULL CHECK (char_length(quote_exact) BETWEEN 1 AND 8000),
    quote_prefix TEXT NOT NULL,
    quote_suffix TEXT NOT NULL,
    position INTEGER NOT NULL CHECK (position >= 0),
    section_version TEXT NOT NULL,
    orphaned BOOLEAN NOT NULL DEFAULT false,
    colour TEXT NOT NULL CHECK (colour IN ('yellow', 'green', 'pink')),
    note TEXT CHECK (char_length(note) BETWEEN 1 AND 2000),
    review BOOLEAN NOT NULL DEFAULT false,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
-- The reader's call (a member's highlights of a book, in reading order).
CREATE INDEX highlights_of_member_book ON highlights (user_id, book_id, section, position);
-- /highlights (a member's newest first).
CREATE INDEX highlights_of_member_newest ON highlights (user_id, created_at DESC, id DESC);
-- Re-anchoring after an operator edits a book.
CREATE INDEX highlights_of_book ON highlights (book_id);
