-- Search ranks its candidates in tiers (docs/catalogue.md): books whose title or author match come
-- first and are ranked from this small vector, so a broad word never makes PostgreSQL read and rank
-- the large summary-text vector (`search`) of every book. The `books` view is made again so it
-- shows the new column.
DROP VIEW books;
ALTER TABLE all_books ADD COLUMN search_title TSVECTOR GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(author, '')), 'A')
) STORED;
CREATE INDEX books_search_title_idx ON all_books USING GIN (search_title);
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;
