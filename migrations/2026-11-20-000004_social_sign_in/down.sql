DROP TABLE user_identities;
DROP TABLE oauth_states;
