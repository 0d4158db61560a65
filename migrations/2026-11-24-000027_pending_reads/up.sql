-- New readers of a book, waiting to be added to its counters (`read_count`, `recent_reads`).
-- A position save appends here instead of updating the book's row: that row is wide and indexed
-- by its counters (trending), so each update rewrote it into every index of `all_books`, GIN
-- ones included, and held the popular book's row locked until the save committed. A worker folds
-- the rows into the counters every half minute (db::reading::history::fold_pending_reads).
-- No key and no index: rows are only appended and taken all at once.
CREATE TABLE book_reads_pending (
    book_id BIGINT NOT NULL
);
