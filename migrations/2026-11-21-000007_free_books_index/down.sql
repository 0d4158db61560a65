DROP INDEX books_free_newest_idx;
