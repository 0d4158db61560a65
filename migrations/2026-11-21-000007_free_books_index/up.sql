-- The monthly preview falls back to the newest free book; without this, finding it walked the
-- upload-date index past every premium book (290 ms over 100,000 books, on every reader call).
CREATE INDEX books_free_newest_idx ON books (upload_date DESC, id DESC) WHERE free;
