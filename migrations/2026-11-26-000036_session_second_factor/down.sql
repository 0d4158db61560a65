DROP TABLE session_second_factor;
