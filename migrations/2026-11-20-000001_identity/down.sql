DROP TABLE account_deletion_feedback;
DROP TABLE auth_attempts;
DROP TABLE subscription_codes;
DROP TABLE password_reset_codes;
DROP TABLE refresh_tokens;
DROP TABLE users;
