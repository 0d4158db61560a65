DROP TABLE highlights;
