use super::*;
use crate::fakes::InMemoryAdmin;
use chrono::TimeZone;

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

fn member(id: i64) -> MemberSummary {
    MemberSummary {
        id: UserId(id),
        email: format!("m{id}@example.com"),
        first_name: "M".into(),
        last_name: "N".into(),
        plan_id: None,
        payment_method: None,
        paid_date: None,
        end_paid_date: None,
        created_at: now(),
    }
}

#[test]
fn members_come_newest_first_a_hundred_at_a_time() {
    let store = InMemoryAdmin::default();
    for id in 1..=150 {
        store.add_member(member(id));
    }
    let admin = Admin::new(&store, now());
    let first = admin.members(0).unwrap();
    assert_eq!((first.len(), first[0].id, first[99].id), (100, UserId(150), UserId(51)));
    assert_eq!(admin.members(100).unwrap().len(), 50);
    assert!(admin.members(200).unwrap().is_empty());
    assert_eq!(admin.members(-1), Err(AdminError::NegativeStart));
}

#[test]
fn events_are_checked_before_they_are_recorded() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    assert_eq!(admin.record_event(Some("Bad Name"), None, None, "10.0.0.1"), Err(AdminError::InvalidEventName));
    assert_eq!(admin.record_event(Some("ok"), Some(serde_json::json!(3)), None, "10.0.0.1"), Err(AdminError::InvalidEventProperties));
    assert!(store.events().is_empty(), "nothing recorded");
    admin.record_event(Some("start_for_free_click"), None, Some(UserId(4)), "10.0.0.1").unwrap();
    let events = store.events();
    assert_eq!(events.len(), 1);
    assert_eq!((events[0].0.name(), events[0].1, events[0].2), ("start_for_free_click", Some(UserId(4)), now()));
}

#[test]
fn events_are_limited_per_address() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    for _ in 0..EVENTS_PER_ADDRESS {
        admin.record_event(Some("click"), None, None, "10.0.0.9").unwrap();
    }
    assert_eq!(admin.record_event(Some("click"), None, None, "10.0.0.9"), Err(AdminError::Throttled));
    admin.record_event(Some("click"), None, None, "10.0.0.10").unwrap();
    let later = Admin::new(&store, now() + chrono::Duration::minutes(EVENTS_WINDOW_MINUTES + 1));
    later.record_event(Some("click"), None, None, "10.0.0.9").unwrap();
    assert_eq!(store.events().len() as u32, EVENTS_PER_ADDRESS + 2);
}

mod books;
mod content;
mod coupons;
mod members;
mod messages;
mod plans;
mod stats;
