ALTER TABLE mail_outbox DROP COLUMN attachment, DROP COLUMN attachment_type, DROP COLUMN attachment_name;
DROP TABLE kindle_sends;
DROP TABLE kindle_addresses;
