-- A small variant of each uploaded cover for book cards (lists, home, search), made at upload.
-- The `books` view is made again so it shows the new column.
DROP VIEW books;
ALTER TABLE all_books ADD COLUMN image_card TEXT;
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
