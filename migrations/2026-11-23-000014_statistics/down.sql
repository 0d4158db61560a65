DROP INDEX charges_created_at;
DROP INDEX users_paying;
DROP INDEX users_created_at;
DROP TABLE completions_daily;
DROP TABLE activity_days;
