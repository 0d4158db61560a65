//! The "paid" rule's SQL twin (migration 38, `member_is_paid`), for queries that count paying
//! members; `identity::model::PlanState::is_paid` is the rule, and crates/db/tests/paid_rule.rs
//! compares the two on every state.

use diesel::sql_types::{Nullable, Timestamptz};

diesel::define_sql_function! {
    /// Paid: a paid date, and no end or an end after `at`.
    fn member_is_paid(paid_date: Nullable<Timestamptz>, end_paid_date: Nullable<Timestamptz>, at: Timestamptz) -> Bool;
}
