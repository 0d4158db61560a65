DROP INDEX highlights_marked_for_review;
DROP TABLE review_settings;
DROP TABLE review_log;
DROP TABLE review_cards;
