DROP TABLE ten_day_plans;
