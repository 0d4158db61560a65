DROP INDEX users_search;
DROP TABLE audit_log;
