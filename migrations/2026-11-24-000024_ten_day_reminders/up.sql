-- Opt-in daily reminders of a saved ten-day plan: one mail a day at 8:00 in the member's
-- timezone for the plan's days. `unsubscribe_token` is the unsubscribe link's secret: it can only turn reminders off.
ALTER TABLE ten_day_plans
    ADD COLUMN reminders BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN unsubscribe_token TEXT,
    ADD COLUMN last_reminded_on DATE;
CREATE INDEX ten_day_plans_reminding ON ten_day_plans (saved_at) WHERE reminders;
CREATE UNIQUE INDEX ten_day_plans_unsubscribe ON ten_day_plans (unsubscribe_token);
