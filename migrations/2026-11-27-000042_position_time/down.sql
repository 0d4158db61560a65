ALTER TABLE reading_history DROP COLUMN position_at;
