DROP TABLE subscriptions;
DROP TABLE charges;
