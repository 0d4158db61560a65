-- The product's "paid" rule (identity::model::PlanState::is_paid) written once in SQL, for the
-- queries that count or flag paying members (referrals, statistics). Paid: a paid date, and no
-- end or an end after `at`. IMMUTABLE and a single expression, so PostgreSQL inlines it: no cost
-- over writing the expression out. crates/db/tests/paid_rule.rs holds it to the Rust rule.
CREATE FUNCTION member_is_paid(paid_date TIMESTAMPTZ, end_paid_date TIMESTAMPTZ, at TIMESTAMPTZ) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN paid_date IS NOT NULL AND (end_paid_date IS NULL OR end_paid_date > at);
