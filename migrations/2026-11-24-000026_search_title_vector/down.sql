DROP VIEW books;
DROP INDEX books_search_title_idx;
ALTER TABLE all_books DROP COLUMN search_title;
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
