-- Daily review (crates/review): a card per key idea of a finished book (section) or per highlight
-- marked "Review" (highlight_id), with FSRS's memory of it; every rating logged (a streak day and
-- XP for reading progress); each member's new cards a day.
CREATE TABLE review_cards (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id BIGINT NOT NULL REFERENCES all_books (id) ON DELETE CASCADE,
    section INTEGER CHECK (section >= 0),
    highlight_id BIGINT REFERENCES highlights (id) ON DELETE CASCADE,
    due TIMESTAMPTZ NOT NULL,
    stability DOUBLE PRECISION NOT NULL,
    difficulty DOUBLE PRECISION NOT NULL,
    elapsed_days BIGINT NOT NULL,
    scheduled_days BIGINT NOT NULL,
    reps INTEGER NOT NULL CHECK (reps >= 0),
    lapses INTEGER NOT NULL CHECK (lapses >= 0),
    phase SMALLINT NOT NULL CHECK (phase BETWEEN 0 AND 3),
    last_review TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL,
    CHECK ((section IS NULL) <> (highlight_id IS NULL))
);
CREATE UNIQUE INDEX review_cards_one_per_key_idea ON review_cards (user_id, book_id, section) WHERE section IS NOT NULL;
CREATE UNIQUE INDEX review_cards_one_per_highlight ON review_cards (highlight_id) WHERE highlight_id IS NOT NULL;
-- A member's highlight cards, matched to their highlights' marks on each queue call.
CREATE INDEX review_cards_of_highlights ON review_cards (user_id, highlight_id) WHERE highlight_id IS NOT NULL;
-- Today's queue: cards reviewed before by due date, new cards oldest first.
CREATE INDEX review_cards_due ON review_cards (user_id, due) WHERE phase <> 0;
CREATE INDEX review_cards_new ON review_cards (user_id, created_at, id) WHERE phase = 0;

-- A rating outlives its card (a highlight unmarked): its streak day and XP stay earned.
CREATE TABLE review_log (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    card_id BIGINT REFERENCES review_cards (id) ON DELETE SET NULL,
    rating SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 4),
    was_new BOOLEAN NOT NULL,
    reviewed_at TIMESTAMPTZ NOT NULL,
    day DATE NOT NULL,
    xp INTEGER NOT NULL CHECK (xp >= 0)
);
CREATE INDEX review_log_of_member_day ON review_log (user_id, day);
CREATE INDEX review_log_of_card ON review_log (card_id);

CREATE TABLE review_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    new_per_day INTEGER NOT NULL CHECK (new_per_day BETWEEN 0 AND 100)
);
-- A member's highlights marked for review (the review's cards follow them).
CREATE INDEX highlights_marked_for_review ON highlights (user_id, id) WHERE review;
