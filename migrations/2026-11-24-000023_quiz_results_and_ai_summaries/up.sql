-- A member's latest results of each quiz: True answers counted per type.
CREATE TABLE quiz_results (
    user_id BIGINT NOT NULL REFERENCES users (id),
    quiz TEXT NOT NULL CHECK (quiz IN ('quiz', 'personality-quiz')),
    counts JSONB NOT NULL,
    taken_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, quiz)
);

-- The AI summariser's jobs and their results ("My summaries"). An uploaded file's bytes wait in
-- `input` until the text is extracted, then are dropped.
CREATE TABLE ai_summaries (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    source_kind TEXT NOT NULL CHECK (source_kind IN ('url', 'file')),
    source TEXT NOT NULL,
    input BYTEA,
    status TEXT NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'fetching', 'extracting', 'summarising', 'done', 'failed')),
    title TEXT NOT NULL DEFAULT '',
    sections JSONB NOT NULL DEFAULT '[]',
    error TEXT,
    attempts INT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ai_summaries_by_member ON ai_summaries (user_id, created_at DESC);
CREATE INDEX ai_summaries_unfinished ON ai_summaries (updated_at) WHERE status NOT IN ('done', 'failed');
