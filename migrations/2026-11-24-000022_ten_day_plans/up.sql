-- A member's saved ten-day reading plan: the goals it follows and its books, day 1 first.
CREATE TABLE ten_day_plans (
    user_id BIGINT PRIMARY KEY REFERENCES users (id),
    goal_ids BIGINT[] NOT NULL,
    book_ids BIGINT[] NOT NULL,
    saved_at TIMESTAMPTZ NOT NULL
);
