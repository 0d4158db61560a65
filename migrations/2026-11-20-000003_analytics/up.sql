-- Product analytics events posted by the app to the server's own endpoint.
CREATE TABLE analytics_events (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT        NOT NULL,
    properties JSONB       NOT NULL DEFAULT '{}',
    user_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_time_idx ON analytics_events (name, created_at);
