//! The "paid" rule is written once in Rust (`identity::model::PlanState::is_paid`) and once in SQL
//! for the queries that count paying members (`member_is_paid`, migration 38): the two agree on
//! every state, including an end exactly at the moment asked about.

use chrono::{DateTime, Duration, TimeZone, Utc};
use db::shared::paid::member_is_paid;
use db::testing::TestDatabase;
use diesel::prelude::*;
use identity::model::PlanState;

#[test]
fn the_sql_paid_rule_agrees_with_identitys_on_every_state() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let at: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap();
    let moments =
        [None, Some(at - Duration::days(30)), Some(at - Duration::seconds(1)), Some(at), Some(at + Duration::seconds(1)), Some(at + Duration::days(30))];
    let mut checked = 0;
    for paid_date in moments {
        for end_paid_date in moments {
            let rule = PlanState { plan_id: Some("monthly".into()), paid_date, end_paid_date }.is_paid(at);
            let sql: bool = diesel::select(member_is_paid(paid_date, end_paid_date, at)).get_result(&mut conn).unwrap();
            assert_eq!(sql, rule, "paid {paid_date:?}, ends {end_paid_date:?}, at {at}");
            checked += 1;
        }
    }
    assert_eq!(checked, 36);
    // Both sides say yes and no somewhere: the comparison is not between two constants.
    assert!(PlanState { plan_id: None, paid_date: Some(at), end_paid_date: None }.is_paid(at));
    assert!(!PlanState { plan_id: None, paid_date: Some(at), end_paid_date: Some(at) }.is_paid(at));
}
