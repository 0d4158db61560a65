-- Soft delete: every book lives in `all_books`; `books`, which every member query reads, is a view
-- of the books not deleted. PostgreSQL inlines the view (the indexes serve as before) and it stays
-- updatable (inserts and updates through it reach the table). Members' history and XP keep their
-- rows; a deleted book simply stops appearing. Later migrations reference `all_books`.
ALTER TABLE books RENAME TO all_books;
ALTER TABLE all_books ADD COLUMN deleted_at TIMESTAMPTZ;
-- The book's podcast episode (an audio key), uploaded from /admin/book-podcast/{id}.
ALTER TABLE all_books ADD COLUMN podcast TEXT;
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
