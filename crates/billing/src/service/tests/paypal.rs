//! Paying with PayPal against the fake PayPal.

use super::*;
use crate::checkout::*;
use crate::service::{PayPalApproval, PayPalStart};
use kernel::UserId;

const ADA: UserId = UserId(7);

fn member(store: &InMemoryBilling) -> Buyer {
    Buyer::Member(ada(store))
}

fn ada(store: &InMemoryBilling) -> kernel::Session {
    store.sign_in(ADA, "ada@example.com")
}

fn bob(store: &InMemoryBilling) -> kernel::Session {
    store.sign_in(UserId(8), "bob@example.com")
}

fn order(approval: &str) -> PayPalApproval<'_> {
    PayPalApproval { order_id: Some(approval), subscription_id: None }
}

#[test]
fn a_one_time_purchase_is_an_order_at_the_servers_price_captured_after_approval() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(coupon("TEN", 10));
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let basket = Basket { coupon_code: Some("ten"), add_infographics: Some(50), ..basket("lifetime") };
    let PayPalStart::Order { order_id } = billing.start_paypal(&paypal, &CountingSecrets::default(), &basket, &member(&store), None, false).unwrap() else {
        panic!()
    };
    // (14999 + 2999) * 0.9 = 16198.2 -> 16198
    assert_eq!(paypal.order(&order_id).unwrap().amount, Cents(16198));
    assert!(store.grants().is_empty() && store.mail().is_empty(), "nothing until PayPal says so");

    let not_yet = billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(ada(&store))).unwrap_err();
    assert_eq!(not_yet.to_string(), "The buyer has not approved this order.");
    paypal.approve(&order_id);
    assert_eq!(
        billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(bob(&store))).unwrap_err(),
        BillingError::UnknownCharge,
        "not the buyer"
    );
    let CheckoutResult::Complete { plan, .. } =
        billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(ada(&store))).unwrap()
    else {
        panic!()
    };
    assert_eq!(plan.unwrap().end_paid_date, None);
    assert_eq!(store.coupon_redemptions("TEN"), 1);
    assert_eq!(store.mail().len(), 1);
    assert!(store.mail()[0].text_body.contains("Paid with: PayPal"));
    // Sent twice (a double click): one capture, one grant.
    assert!(billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(ada(&store))).is_ok());
    assert_eq!(paypal.captures.lock().unwrap().len(), 1);
    assert_eq!(store.grants().len(), 1);
    assert_eq!(
        billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order("ORDER-unknown"), Some(ada(&store))).unwrap_err(),
        BillingError::UnknownCharge
    );
    assert_eq!(
        billing
            .complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), PayPalApproval { order_id: None, subscription_id: None }, Some(ada(&store)))
            .unwrap_err(),
        BillingError::UnknownCharge
    );
}

#[test]
fn a_capture_of_another_amount_is_not_taken_as_payment() {
    let store = InMemoryBilling::with_standard_plans();
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let PayPalStart::Order { order_id } =
        billing.start_paypal(&paypal, &CountingSecrets::default(), &basket("lifetime"), &member(&store), None, false).unwrap()
    else {
        panic!()
    };
    paypal.approve(&order_id);
    *paypal.capture_amount_override.lock().unwrap() = Some(Cents(1));
    assert_eq!(billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(ada(&store))).unwrap_err().code(), "internal");
    assert!(store.grants().is_empty());
}

#[test]
fn a_subscription_is_checked_with_paypal_before_it_counts() {
    let store = InMemoryBilling::with_standard_plans();
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let guest = Buyer::Guest { email: Some("g@example.com".into()) };
    let PayPalStart::Subscription { subscription_id } =
        billing.start_paypal(&paypal, &CountingSecrets::default(), &basket("monthly"), &guest, None, false).unwrap()
    else {
        panic!()
    };
    let request = paypal.subscription_request(&subscription_id).unwrap();
    assert_eq!((request.paypal_plan.as_str(), request.amount, request.trial_days), ("P-MONTHLY", Cents(999), 3));
    let approval = PayPalApproval { order_id: None, subscription_id: Some(&subscription_id) };
    assert_eq!(billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), approval, None).unwrap_err(), BillingError::PayPalNotApproved);
    paypal.approve(&subscription_id);
    let CheckoutResult::Complete { charge_id, plan: None, .. } =
        billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), approval, None).unwrap()
    else {
        panic!()
    };
    assert_eq!(store.state_of(&charge_id).unwrap().status, Trialing);
    let grant = billing.attach_charge(Some(&charge_id), ada(&store)).unwrap().unwrap();
    assert_eq!(grant.end_paid_date, Some(now() + Duration::days(3)));
}

#[test]
fn guests_give_an_e_mail_before_paypal_opens() {
    let store = InMemoryBilling::with_standard_plans();
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let err = billing.start_paypal(&paypal, &CountingSecrets::default(), &basket("lifetime"), &Buyer::Guest { email: None }, None, false).unwrap_err();
    assert_eq!(err, BillingError::MissingEmail);
    assert_eq!(
        billing.start_paypal(&paypal, &CountingSecrets::default(), &basket("nope"), &member(&store), None, false).unwrap_err(),
        BillingError::InvalidPlan
    );
    assert!(store.charges().is_empty());
}

#[test]
fn several_gifts_are_one_order_for_all_of_them_and_make_as_many_codes() {
    let store = InMemoryBilling::with_standard_plans();
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let gift = crate::codes::GiftDetails { recipient_email: Some("grace@example.com".into()), ..Default::default() };
    let four = Basket { quantity: Some(4), ..basket("gift") };
    let PayPalStart::Order { order_id } = billing.start_paypal(&paypal, &CountingSecrets::default(), &four, &member(&store), Some(&gift), false).unwrap()
    else {
        panic!()
    };
    assert_eq!(paypal.order(&order_id).unwrap().amount, Cents(4 * 4499));
    paypal.approve(&order_id);
    billing.complete_paypal(by_paypal(&paypal), &CountingSecrets::default(), order(&order_id), Some(ada(&store))).unwrap();
    assert_eq!(store.charges()[0].quantity, 4);
    assert_eq!(store.codes().len(), 4);
    let too_many = Basket { quantity: Some(201), ..basket("gift") };
    let refused = billing.start_paypal(&paypal, &CountingSecrets::default(), &too_many, &member(&store), Some(&gift), false).unwrap_err();
    assert_eq!(refused.to_string(), "Please choose a quantity from 1 to 200.");
    assert_eq!(store.charges().len(), 1, "nothing recorded");
}
