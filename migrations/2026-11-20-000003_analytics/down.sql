DROP TABLE analytics_events;
