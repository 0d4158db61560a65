DROP INDEX ten_day_plans_unsubscribe;
DROP INDEX ten_day_plans_reminding;
ALTER TABLE ten_day_plans DROP COLUMN reminders, DROP COLUMN unsubscribe_token, DROP COLUMN last_reminded_on;
