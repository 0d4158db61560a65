DROP TABLE podcast_feed_downloads;
DROP TABLE podcast_feeds;
