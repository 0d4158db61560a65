DROP VIEW books;
ALTER TABLE all_books DROP COLUMN audio_seconds;
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
