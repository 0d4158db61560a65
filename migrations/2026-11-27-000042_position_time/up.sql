-- When the member reached the stored position, by the device's clock (a save queued offline is
-- sent later): a save older than this keeps the stored position. NULL for entries saved before.
ALTER TABLE reading_history ADD COLUMN position_at TIMESTAMPTZ;
