ALTER TABLE charges DROP COLUMN add_on_infographics;
