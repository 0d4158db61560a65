-- The length of a book's narration in whole seconds, read from the file when it is stored (ffprobe
-- at upload, the seed's own count), so a page shows it before the audio loads. NULL: not known.
DROP VIEW books;
ALTER TABLE all_books ADD COLUMN audio_seconds INTEGER CHECK (audio_seconds IS NULL OR audio_seconds >= 0);
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
