DROP TABLE book_ratings;
DROP TABLE library_items;
DROP TABLE reading_days;
DROP TABLE reading_history;
