-- What the statistics page reads, kept small enough to stay fast at a million members and twenty
-- million history rows (docs/admin.md shows the plans).

-- A member's active days (UTC): written with every sign-in and token refresh (an active member
-- refreshes at least hourly), so daily, weekly and monthly actives are counts over this table.
CREATE TABLE activity_days (
    day DATE NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (day, user_id)
);
INSERT INTO activity_days (day, user_id)
    SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date, user_id FROM refresh_tokens
    ON CONFLICT DO NOTHING;

-- First completions per book and day (UTC), counted when they happen.
CREATE TABLE completions_daily (
    day DATE NOT NULL,
    book_id BIGINT NOT NULL REFERENCES all_books (id) ON DELETE CASCADE,
    completions INT NOT NULL CHECK (completions >= 0),
    PRIMARY KEY (day, book_id)
);
INSERT INTO completions_daily (day, book_id, completions)
    SELECT (completed_at AT TIME ZONE 'UTC')::date, book_id, count(*) FROM reading_history
    WHERE completed AND completed_at IS NOT NULL GROUP BY 1, 2;

-- Sign-ups per day, and the paying members by plan.
CREATE INDEX users_created_at ON users (created_at);
CREATE INDEX users_paying ON users (plan_id, end_paid_date) WHERE paid_date IS NOT NULL AND deleted_at IS NULL;
-- Trials started and their outcome.
CREATE INDEX charges_created_at ON charges (created_at);
