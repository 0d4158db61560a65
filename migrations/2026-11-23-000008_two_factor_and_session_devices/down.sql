DROP INDEX refresh_tokens_user_live;
ALTER TABLE refresh_tokens DROP COLUMN user_agent, DROP COLUMN address;
DROP TABLE login_challenges;
DROP TABLE two_factor_recovery_codes;
DROP TABLE two_factor;
