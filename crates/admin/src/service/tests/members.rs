//! Editing members in the back office.

use super::*;
use crate::audit::{AuditAction, AuditFilter};
use crate::service::MemberChange;
use serde_json::json;

const ADMIN: UserId = UserId(1);

fn store() -> InMemoryAdmin {
    let store = InMemoryAdmin::default();
    store.add_member(MemberSummary { first_name: "Ada".into(), last_name: "Lovelace".into(), email: "member7@example.com".into(), ..member(7) });
    store.add_member(MemberSummary { email: "taken@example.com".into(), ..member(8) });
    store.add_plan("yearly");
    store.add_plan("lifetime");
    store
}

fn edit(id: i64) -> MemberChange<'static> {
    MemberChange { user_id: Some(id), first_name: Some("Ada"), last_name: Some("Lovelace"), email: Some("member7@example.com"), ..MemberChange::default() }
}

#[test]
fn the_required_fields_answer_the_first_failing_message() {
    let store = store();
    let admin = Admin::new(&store, now());
    let missing_first = MemberChange { first_name: Some("  "), ..edit(7) };
    assert_eq!(admin.update_member(ADMIN, &missing_first).unwrap_err().to_string(), "Please specify First Name.");
    let missing_both = MemberChange { last_name: None, email: None, ..edit(7) };
    assert_eq!(admin.update_member(ADMIN, &missing_both).unwrap_err().to_string(), "Please specify Last Name.");
    let no_email = MemberChange { email: Some(""), ..edit(7) };
    assert_eq!(admin.update_member(ADMIN, &no_email).unwrap_err().to_string(), "Please specify Email.");
    assert_eq!(admin.update_member(ADMIN, &MemberChange { email: Some("nope"), ..edit(7) }).unwrap_err(), AdminError::InvalidEmail);
    assert_eq!(admin.update_member(ADMIN, &MemberChange { email: Some("Taken@Example.com"), ..edit(7) }).unwrap_err(), AdminError::EmailTaken);
    assert_eq!(admin.update_member(ADMIN, &edit(404)).unwrap_err(), AdminError::MemberNotFound);
    assert!(store.audit().is_empty());
}

#[test]
fn a_plan_change_needs_a_reason_and_is_audited_with_it() {
    let store = store();
    let admin = Admin::new(&store, now());
    let paid = now().timestamp_millis();
    let end = (now() + chrono::Duration::days(365)).timestamp_millis();
    let yearly = MemberChange { plan_id: Some("yearly"), paid_date: Some(paid), end_paid_date: Some(end), ..edit(7) };
    assert_eq!(admin.update_member(ADMIN, &yearly).unwrap_err(), AdminError::ReasonRequired);
    assert_eq!(
        admin.update_member(ADMIN, &MemberChange { plan_id: Some("platinum"), reason: Some("x"), ..yearly.clone() }).unwrap_err(),
        AdminError::UnknownPlan
    );
    let no_date = MemberChange { paid_date: None, reason: Some("goodwill"), ..yearly.clone() };
    assert_eq!(admin.update_member(ADMIN, &no_date).unwrap_err().to_string(), "Please specify Paid Date.");

    let saved = admin.update_member(ADMIN, &MemberChange { reason: Some("  Refund dispute settled  "), ..yearly }).unwrap();
    assert_eq!(saved.plan_id.as_deref(), Some("yearly"));
    assert_eq!(saved.end_paid_date.map(|d| d.timestamp_millis()), Some(end));
    let audit = store.audit();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, AuditAction::PlanChanged);
    assert_eq!(audit[0].actor, ADMIN);
    assert_eq!(audit[0].entity_id, "7");
    assert_eq!(audit[0].reason.as_deref(), Some("Refund dispute settled"));
    assert_eq!(audit[0].before, json!({"planId": null, "paidDate": null, "endPaidDate": null}));
    assert_eq!(audit[0].after, json!({"planId": "yearly", "paidDate": paid, "endPaidDate": end}));
}

#[test]
fn a_name_change_is_audited_without_a_reason_and_an_unchanged_save_writes_nothing() {
    let store = store();
    let admin = Admin::new(&store, now());
    admin.update_member(ADMIN, &edit(7)).unwrap();
    assert!(store.audit().is_empty(), "nothing changed");
    let renamed = MemberChange { first_name: Some("Augusta"), ..edit(7) };
    admin.update_member(ADMIN, &renamed).unwrap();
    assert_eq!(store.audit().len(), 1);
    assert_eq!(store.audit()[0].action, AuditAction::MemberUpdated);
    assert_eq!(store.audit()[0].before, json!({"firstName": "Ada"}));
    assert_eq!(store.audit()[0].reason, None);
    admin.update_member(ADMIN, &renamed).unwrap();
    assert_eq!(store.audit().len(), 1, "nothing changed the second time");
    // The end stays when the form does not send it; 0 means for life.
    let lifetime =
        MemberChange { plan_id: Some("lifetime"), paid_date: Some(now().timestamp_millis()), end_paid_date: Some(0), reason: Some("press"), ..renamed };
    assert_eq!(admin.update_member(ADMIN, &lifetime).unwrap().end_paid_date, None);
    let entries = admin.audit(&AuditFilter { action: Some(AuditAction::PlanChanged), ..AuditFilter::default() }).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].reason.as_deref(), Some("press"));
}

#[test]
fn members_are_found_by_e_mail_or_name_in_any_case() {
    let store = store();
    store.add_member(MemberSummary { first_name: "Grace".into(), last_name: "Hopper".into(), ..member(9) });
    let admin = Admin::new(&store, now());
    let found = admin.find_members(0, Some(" HOPPER ")).unwrap();
    assert_eq!(found.iter().map(|m| m.id.0).collect::<Vec<_>>(), [9]);
    assert_eq!(admin.find_members(0, Some("taken@")).unwrap().len(), 1);
    assert_eq!(admin.find_members(0, Some("")).unwrap().len(), 3, "an empty search lists everyone");
    assert_eq!(admin.find_members(0, Some(&"x".repeat(101))).unwrap_err(), AdminError::SearchTooLong);
}

#[test]
fn an_operators_plan_adds_to_what_the_member_bought_and_never_takes_it_away() {
    use billing::access::{AccessGrant, GrantSource, Revocation};
    let store = store();
    // Ada bought lifetime.
    store.grants.borrow_mut().push(AccessGrant {
        id: 1,
        user: UserId(7),
        plan_id: "lifetime".into(),
        source: GrantSource::Purchase { charge_id: "ch_life".into() },
        starts_at: now() - chrono::Duration::days(30),
        ends_at: None,
        revoked: None,
    });
    let admin = Admin::new(&store, now());
    let paid = now().timestamp_millis();
    let end = (now() + chrono::Duration::days(30)).timestamp_millis();
    let yearly = MemberChange { plan_id: Some("yearly"), paid_date: Some(paid), end_paid_date: Some(end), reason: Some("goodwill"), ..edit(7) };
    let saved = admin.update_member(ADMIN, &yearly).unwrap();
    assert_eq!((saved.plan_id.as_deref(), saved.end_paid_date), (Some("lifetime"), None), "the union: lifetime still");
    let grants = store.grants.borrow().clone();
    assert_eq!(grants.len(), 2);
    assert_eq!((grants[1].source.clone(), grants[1].plan_id.as_str()), (GrantSource::Operator, "yearly"));
    // Clearing the plan removes only the operator's grant.
    let cleared = admin.update_member(ADMIN, &MemberChange { plan_id: Some(""), paid_date: Some(0), reason: Some("mistake"), ..edit(7) }).unwrap();
    assert_eq!((cleared.plan_id.as_deref(), cleared.end_paid_date), (Some("lifetime"), None));
    let grants = store.grants.borrow().clone();
    assert_eq!(grants[1].revoked.map(|(_, why)| why), Some(Revocation::Operator));
    assert_eq!(grants[0].revoked, None, "a purchase ends only by a refund at the provider");
}
