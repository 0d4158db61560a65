//! Plans in the back office.

use super::*;
use crate::audit::AuditAction;
use crate::fakes::FakePayPalPlans;
use crate::service::PlanForm;
use billing::model::{Interval, PlanKind};
use billing::{Cents, Plan};

const OPERATOR: UserId = UserId(1);

fn monthly() -> Plan {
    Plan {
        id: "monthly".into(),
        name: "Premium Monthly".into(),
        kind: PlanKind::Subscription { interval: Interval::Month, trial_days: 3 },
        amount: Cents(999),
        paypal_plan: Some("P-MONTHLY-3".into()),
        book_title: None,
        course: None,
        active: true,
    }
}

fn paypal() -> FakePayPalPlans {
    let fake = FakePayPalPlans::default();
    fake.plans.borrow_mut().push(("P-MONTHLY-3".into(), Interval::Month, 3));
    fake
}

fn reason(why: &str) -> PlanForm<'_> {
    PlanForm { reason: Some(why), ..PlanForm::default() }
}

#[test]
fn a_new_price_is_saved_with_its_reason_and_keeps_the_paypal_plan() {
    let store = InMemoryAdmin::default();
    store.add_sold_plan(monthly());
    let admin = Admin::new(&store, now());
    let paypal = paypal();
    let saved = admin.update_plan(OPERATOR, "monthly", &PlanForm { amount_cents: Some(1299), ..reason("Price rise for new members") }, &paypal).unwrap();
    assert_eq!((saved.amount, saved.paypal_plan.as_deref()), (Cents(1299), Some("P-MONTHLY-3")), "the price is sent with each subscription");
    let entry = store.audit().pop().unwrap();
    assert_eq!((entry.action, entry.reason.as_deref()), (AuditAction::PlanUpdated, Some("Price rise for new members")));
    assert_eq!(entry.before, serde_json::json!({"amountCents": 999}));
    assert_eq!(entry.after, serde_json::json!({"amountCents": 1299}));
    assert_eq!(admin.plans().unwrap()[0].amount, Cents(1299));
}

#[test]
fn a_new_trial_finds_or_makes_the_paypal_plan_with_those_terms() {
    let store = InMemoryAdmin::default();
    store.add_sold_plan(monthly());
    let admin = Admin::new(&store, now());
    let paypal = paypal();
    let saved = admin.update_plan(OPERATOR, "monthly", &PlanForm { trial_days: Some(7), ..reason("Longer trial") }, &paypal).unwrap();
    assert_eq!(saved.kind, PlanKind::Subscription { interval: Interval::Month, trial_days: 7 });
    assert_eq!(saved.paypal_plan.as_deref(), Some("P-MADE-2"));
    // Back to 3 days: PayPal's plan with those terms is found again, not made.
    let back = admin.update_plan(OPERATOR, "monthly", &PlanForm { trial_days: Some(3), ..reason("Back") }, &paypal).unwrap();
    assert_eq!(back.paypal_plan.as_deref(), Some("P-MONTHLY-3"));
    assert_eq!(paypal.plans.borrow().len(), 2);
}

#[test]
fn bad_input_or_paypal_down_changes_nothing() {
    let store = InMemoryAdmin::default();
    store.add_sold_plan(monthly());
    store.add_sold_plan(Plan {
        id: "lifetime".into(),
        name: "Premium Lifetime".into(),
        kind: PlanKind::Lifetime,
        amount: Cents(14999),
        paypal_plan: None,
        ..monthly()
    });
    let admin = Admin::new(&store, now());
    let paypal = paypal();
    let refused = |id: &str, form: PlanForm<'_>| admin.update_plan(OPERATOR, id, &form, &paypal).unwrap_err().to_string();
    assert_eq!(refused("monthly", PlanForm { amount_cents: Some(5), ..PlanForm::default() }), "Please give a reason for the change.");
    assert_eq!(refused("monthly", PlanForm { amount_cents: Some(-1), ..reason("x") }), "The price must be from $0.00 to $10,000.00.");
    assert_eq!(refused("monthly", PlanForm { amount_cents: Some(1_000_001), ..reason("x") }), "The price must be from $0.00 to $10,000.00.");
    assert_eq!(refused("monthly", PlanForm { trial_days: Some(91), ..reason("x") }), "A free trial is 0 to 90 days.");
    assert_eq!(refused("monthly", PlanForm { name: Some("  "), ..reason("x") }), "A plan's name is 1 to 100 characters.");
    assert_eq!(refused("lifetime", PlanForm { trial_days: Some(3), ..reason("x") }), "Only subscriptions have a free trial.");
    assert_eq!(refused("book-7", reason("x")), "Plan not found.");
    let down = FakePayPalPlans { down: true, ..FakePayPalPlans::default() };
    let error = admin.update_plan(OPERATOR, "monthly", &PlanForm { trial_days: Some(14), ..reason("x") }, &down).unwrap_err();
    assert!(matches!(error, AdminError::ProviderUnavailable(_)), "{error:?}");
    assert_eq!(admin.plans().unwrap()[0], monthly());
    assert!(store.audit().is_empty());
}
