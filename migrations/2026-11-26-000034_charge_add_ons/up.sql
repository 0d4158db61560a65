-- The infographic add-on bought with a charge (0: none), so that it is delivered: the success page,
-- the receipt and the account link to the pack.
ALTER TABLE charges ADD COLUMN add_on_infographics SMALLINT NOT NULL DEFAULT 0 CHECK (add_on_infographics IN (0, 20, 50));
