DROP INDEX subscriptions_renewing;
DROP TABLE cancellations;
DROP TABLE provider_events;
