DROP TABLE sign_in_confirmations;
