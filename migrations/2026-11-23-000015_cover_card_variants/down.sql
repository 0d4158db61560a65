DROP VIEW books;
ALTER TABLE all_books DROP COLUMN image_card;
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
