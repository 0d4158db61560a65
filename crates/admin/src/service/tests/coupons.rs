//! Coupons in the back office.

use super::*;
use crate::audit::AuditAction;
use crate::service::CouponForm;

const OPERATOR: UserId = UserId(1);

fn form<'a>(code: &'a str, percent: i64, reason: &'a str) -> CouponForm<'a> {
    CouponForm { code: Some(code), percent_off: Some(percent), amount_off_cents: Some(0), reason: Some(reason), ..CouponForm::default() }
}

#[test]
fn an_operator_adds_a_coupon_with_a_reason_and_it_is_in_the_audit_log() {
    let store = InMemoryAdmin::default();
    store.add_plan("yearly");
    let admin = Admin::new(&store, now());
    let added = admin
        .add_coupon(
            OPERATOR,
            &CouponForm { plan_ids: Some(vec!["yearly".into()]), max_redemptions: Some(Some(5)), ..form(" spring-40 ", 40, "Spring campaign") },
        )
        .unwrap();
    assert_eq!((added.code.as_str(), added.percent_off, added.max_redemptions), ("SPRING-40", 40, Some(5)));
    let entry = store.audit().pop().unwrap();
    assert_eq!((entry.action, entry.entity_id.as_str(), entry.reason.as_deref()), (AuditAction::CouponAdded, "SPRING-40", Some("Spring campaign")));
    assert_eq!(entry.after["percentOff"], 40);
    let taken = admin.add_coupon(OPERATOR, &form("SPRING-40", 10, "again")).unwrap_err();
    assert_eq!(taken.to_string(), "A coupon with this code already exists.");
}

#[test]
fn bad_coupons_are_refused_with_the_forms_message_and_nothing_is_stored() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    let refused = |f: CouponForm<'_>| admin.add_coupon(OPERATOR, &f).unwrap_err().to_string();
    assert_eq!(refused(form("SPRING", 40, "  ")), "Please give a reason for the change.");
    assert_eq!(refused(form("X", 40, "why")), "A code is 3 to 32 letters, digits, dashes or underscores.");
    assert_eq!(refused(form("SPRING", 0, "why")), "Give either a percentage from 1 to 100 or an amount off, not both.");
    assert_eq!(refused(form("SPRING", 140, "why")), "Give either a percentage from 1 to 100 or an amount off, not both.");
    assert_eq!(
        refused(CouponForm { amount_off_cents: Some(500), ..form("SPRING", 10, "why") }),
        "Give either a percentage from 1 to 100 or an amount off, not both."
    );
    assert_eq!(
        refused(CouponForm { valid_from: Some(Some(2_000)), valid_until: Some(Some(1_000)), ..form("SPRING", 10, "why") }),
        "The end date must be after the start date."
    );
    assert_eq!(refused(CouponForm { plan_ids: Some(vec!["nope".into()]), ..form("SPRING", 10, "why") }), "There is no such plan.");
    assert!(admin.coupons().unwrap().is_empty());
    assert!(store.audit().is_empty());
}

#[test]
fn one_coupon_at_a_time_is_the_site_offer_and_ending_one_stops_it() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    admin.add_coupon(OPERATOR, &CouponForm { site_offer: Some(true), ..form("FIRST", 40, "launch") }).unwrap();
    admin.add_coupon(OPERATOR, &CouponForm { site_offer: Some(true), ..form("SECOND", 30, "next") }).unwrap();
    let offers: Vec<String> = admin.coupons().unwrap().into_iter().filter(|c| c.site_offer).map(|c| c.code).collect();
    assert_eq!(offers, ["SECOND"]);
    let ended = admin.end_coupon(OPERATOR, "second", Some("Campaign over")).unwrap();
    assert_eq!(ended.ended_at, Some(now()));
    assert!(!ended.site_offer);
    let entry = store.audit().pop().unwrap();
    assert_eq!((entry.action, entry.reason.as_deref()), (AuditAction::CouponEnded, Some("Campaign over")));
    let edit = admin.update_coupon(OPERATOR, "SECOND", &form("SECOND", 20, "revive")).unwrap_err();
    assert_eq!(edit.to_string(), "This coupon has ended; add a new one instead.");
    assert_eq!(admin.end_coupon(OPERATOR, "missing", Some("x")).unwrap_err().to_string(), "Coupon not found.");
}

#[test]
fn an_edit_records_only_what_changed() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    admin.add_coupon(OPERATOR, &form("EDITME", 10, "start")).unwrap();
    let edited = admin.update_coupon(OPERATOR, "EDITME", &CouponForm { code: None, ..form("IGNORED", 15, "more generous") }).unwrap();
    assert_eq!((edited.code.as_str(), edited.percent_off), ("EDITME", 15), "the code never changes");
    let entry = store.audit().pop().unwrap();
    assert_eq!(entry.action, AuditAction::CouponUpdated);
    assert_eq!(entry.before, serde_json::json!({"percentOff": 10}));
    assert_eq!(entry.after, serde_json::json!({"percentOff": 15}));
}
