DROP VIEW books;
ALTER TABLE all_books DROP COLUMN podcast;
ALTER TABLE all_books DROP COLUMN deleted_at;
ALTER TABLE all_books RENAME TO books;
