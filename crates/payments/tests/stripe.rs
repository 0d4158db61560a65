//! The Stripe adapter against the Stripe stand-in: real HTTP, async-stripe parsing Stripe's objects.

use billing::gateway::{
    CardPayments, FoundPurchase, OneTimePayment, PaymentOutcome, ProviderEvent, PurchaseLookup, RenewingSubscriptions, SubscriptionOutcome,
    SubscriptionRequest, WebhookRejected, WebhookVerifier, STRIPE,
};
use billing::model::{Cents, Interval};
use billing::subscription::SubscriptionStatus;
use chrono::{TimeDelta, Utc};
use payments::stripe::{StripePayments, StripeSettings, StripeWebhooks, STRIPE_API_VERSION};
use serde_json::Value;
use stand_ins::stripe::{signature_header, StripeStandIn, CARD_3DS, CARD_DECLINED, CARD_OK, DECLINE_MESSAGE, SECRET_KEY, WEBHOOK_SECRET};

fn settings(stand_in: &StripeStandIn) -> StripeSettings {
    StripeSettings { secret_key: SECRET_KEY.into(), api_base: stand_in.base_url.clone(), webhook_secret: WEBHOOK_SECRET.into() }
}

fn started() -> (StripeStandIn, StripePayments) {
    let stand_in = StripeStandIn::start().expect("the Stripe stand-in");
    let payments = StripePayments::new(&settings(&stand_in)).expect("the Stripe client");
    (stand_in, payments)
}

fn payment(stand_in: &StripeStandIn, card: &str, key: &str) -> OneTimePayment {
    OneTimePayment {
        amount: Cents(4499),
        email: "reader@example.com".into(),
        member: None,
        payment_method: stand_in.create_payment_method(card),
        description: "Gistbook Premium Lifetime".into(),
        idempotency_key: key.into(),
    }
}

fn subscription_request(stand_in: &StripeStandIn, key: &str) -> SubscriptionRequest {
    SubscriptionRequest {
        email: "reader@example.com".into(),
        member: None,
        payment_method: stand_in.create_payment_method(CARD_OK),
        plan_id: "monthly".into(),
        plan_name: "Premium Monthly".into(),
        amount: Cents(999),
        one_time: Cents(0),
        interval: Interval::Month,
        trial_days: 3,
        idempotency_key: key.into(),
    }
}

#[test]
fn a_one_time_payment_is_paid_once() {
    let (stand_in, payments) = started();
    let request = payment(&stand_in, CARD_OK, "charge-ok");
    let PaymentOutcome::Paid { reference } = payments.pay_once(&request).unwrap() else { panic!("not paid") };
    assert!(reference.starts_with("pi_"), "{reference}");
    assert_eq!(stand_in.charge_count(), 1);
    assert_eq!(payments.pay_once(&request).unwrap(), PaymentOutcome::Paid { reference: reference.clone() }, "a retry is the same payment");
    assert_eq!(stand_in.charge_count(), 1);
    assert_eq!(payments.payment(&reference).unwrap(), PaymentOutcome::Paid { reference });
}

#[test]
fn every_request_names_the_pinned_api_version_the_stand_in_speaks() {
    let (stand_in, payments) = started();
    payments.pay_once(&payment(&stand_in, CARD_OK, "charge-versioned")).unwrap();
    payments.subscribe(&subscription_request(&stand_in, "sub-versioned")).unwrap();
    assert_eq!(stand_ins::stripe::API_VERSION, STRIPE_API_VERSION);
    assert_eq!(stand_in.unversioned_requests(), Vec::<String>::new(), "every request carries Stripe-Version");
    assert!(stand_in.events().iter().all(|event| event["api_version"] == STRIPE_API_VERSION));
}

#[test]
fn an_idempotency_key_reused_for_another_payment_is_refused_and_charges_nothing() {
    let (stand_in, payments) = started();
    let first = payment(&stand_in, CARD_OK, "charge-key");
    payments.pay_once(&first).unwrap();
    let other = OneTimePayment { amount: Cents(100), ..first };
    assert!(payments.pay_once(&other).is_err(), "same key, other body: Stripe's idempotency_error");
    assert_eq!(stand_in.charge_count(), 1);
}

#[test]
fn a_payment_whose_answer_is_dropped_is_found_by_our_charge_id_and_never_charged_twice() {
    let (stand_in, payments) = started();
    let request = payment(&stand_in, CARD_OK, "charge-dropped");
    stand_in.drop_next_answer("/v1/payment_intents");
    assert!(payments.pay_once(&request).is_err(), "no answer: the outcome is unknown");
    assert_eq!(stand_in.charge_count(), 1, "Stripe took the money");
    let lookup = PurchaseLookup { charge_id: "charge-dropped", email: "reader@example.com", member: None, reference: "", subscription: false };
    let found = payments.look_up_purchase(&lookup).unwrap();
    let Some(FoundPurchase::Payment(PaymentOutcome::Paid { reference })) = found else { panic!("{found:?}") };
    assert_eq!(payments.pay_once(&request).unwrap(), PaymentOutcome::Paid { reference }, "a retry with the key is the same payment");
    assert_eq!(stand_in.charge_count(), 1);
    let unknown = PurchaseLookup { charge_id: "charge-never", ..lookup };
    assert_eq!(payments.look_up_purchase(&unknown).unwrap(), None);
}

#[test]
fn a_declined_card_gives_the_banks_message() {
    let (stand_in, payments) = started();
    let outcome = payments.pay_once(&payment(&stand_in, CARD_DECLINED, "charge-declined")).unwrap();
    assert_eq!(outcome, PaymentOutcome::Declined { message: Some(DECLINE_MESSAGE.into()) });
    assert_eq!(DECLINE_MESSAGE, "Your card was declined.");
    assert_eq!(stand_in.charge_count(), 0);
}

#[test]
fn three_d_secure_requires_action_then_pays() {
    let (stand_in, payments) = started();
    let outcome = payments.pay_once(&payment(&stand_in, CARD_3DS, "charge-3ds")).unwrap();
    let PaymentOutcome::RequiresAction { reference, client_secret } = outcome else { panic!("{outcome:?}") };
    assert!(client_secret.starts_with(&format!("{reference}_secret")), "{client_secret}");
    assert!(matches!(payments.payment(&reference).unwrap(), PaymentOutcome::RequiresAction { .. }), "not paid before the bank approves");
    assert_eq!(stand_in.charge_count(), 0);
    assert!(stand_in.approve_3ds(&reference));
    assert_eq!(payments.payment(&reference).unwrap(), PaymentOutcome::Paid { reference });
    assert_eq!(stand_in.charge_count(), 1);
}

#[test]
fn a_subscription_with_a_trial_is_trialing_then_cancels_at_its_period_end() {
    let (stand_in, payments) = started();
    let outcome = payments.subscribe(&subscription_request(&stand_in, "sub-trial")).unwrap();
    let SubscriptionOutcome::Started { subscription, snapshot } = outcome else { panic!("{outcome:?}") };
    assert_eq!(snapshot.status, SubscriptionStatus::Trialing);
    assert!((snapshot.current_period_end - (Utc::now() + TimeDelta::days(3))).num_seconds().abs() < 60, "{snapshot:?}");
    assert_eq!(stand_in.charge_count(), 0, "a trial takes nothing");
    assert_eq!(payments.subscription(&subscription).unwrap().map(|s| s.status), Some(SubscriptionStatus::Trialing));

    let cancelled = payments.cancel_at_period_end(&subscription).unwrap();
    assert_eq!((cancelled.status, cancelled.current_period_end), (SubscriptionStatus::Canceled, snapshot.current_period_end));
    assert_eq!(stand_in.subscription(&subscription).unwrap()["cancel_at_period_end"], true);
    assert_eq!(payments.subscription("sub_nope").unwrap(), None);
}

fn subscription_event(stand_in: &StripeStandIn, payments: &StripePayments) -> (String, Value) {
    let SubscriptionOutcome::Started { subscription, .. } = payments.subscribe(&subscription_request(stand_in, "sub-hook")).unwrap() else { panic!("started") };
    let event = stand_in.events().into_iter().find(|e| e["type"] == "customer.subscription.created").expect("created event");
    (subscription, event)
}

#[test]
fn a_signed_webhook_verifies_and_maps_to_the_subscription() {
    let (stand_in, payments) = started();
    let (subscription, event) = subscription_event(&stand_in, &payments);
    let webhooks = StripeWebhooks::new(&settings(&stand_in));
    assert_eq!(webhooks.provider(), STRIPE);
    let payload = event.to_string();
    let header = signature_header(&payload, WEBHOOK_SECRET, Utc::now().timestamp());
    let verified = webhooks.verify(&payload, &[("stripe-signature", header.as_str())]).expect("verifies");
    assert_eq!(verified.id, event["id"].as_str().unwrap());
    let ProviderEvent::Subscription { subscription: id, snapshot } = verified.event else { panic!("not a subscription event") };
    assert_eq!((id, snapshot.status), (subscription, SubscriptionStatus::Trialing));
    assert_eq!(snapshot.as_of.timestamp(), event["created"].as_i64().unwrap());
}

#[test]
fn a_webhook_with_a_bad_or_stale_signature_is_refused() {
    let (stand_in, payments) = started();
    let (_, event) = subscription_event(&stand_in, &payments);
    let webhooks = StripeWebhooks::new(&settings(&stand_in));
    let payload = event.to_string();
    let now = Utc::now().timestamp();

    let forged = signature_header(&payload, "whsec_someone_else", now);
    assert_eq!(webhooks.verify(&payload, &[("stripe-signature", forged.as_str())]), Err(WebhookRejected::BadSignature));
    let genuine = signature_header(&payload, WEBHOOK_SECRET, now);
    let altered = payload.replace("trialing", "active");
    assert_ne!(altered, payload);
    assert_eq!(webhooks.verify(&altered, &[("stripe-signature", genuine.as_str())]), Err(WebhookRejected::BadSignature));
    assert_eq!(webhooks.verify(&payload, &[("other", "x")]), Err(WebhookRejected::BadSignature));

    let stale = signature_header(&payload, WEBHOOK_SECRET, now - 400);
    assert_eq!(webhooks.verify(&payload, &[("stripe-signature", stale.as_str())]), Err(WebhookRejected::StaleTimestamp));
}

/// Security III §9: a member's payments use the customer made for that member (named in its
/// metadata); a guest who typed the member's address gets a customer of their own, and the
/// member's next payment never lands on it.
#[test]
fn customers_are_matched_by_the_member_never_by_an_address_alone() {
    let (stand_in, payments) = started();
    let guest = payments.pay_once(&payment(&stand_in, CARD_OK, "charge-guest")).unwrap();
    let PaymentOutcome::Paid { reference: guest_payment } = guest else { panic!("{guest:?}") };
    let member = kernel::UserId(42);
    let first = OneTimePayment { member: Some(member), ..payment(&stand_in, CARD_OK, "charge-member-1") };
    let PaymentOutcome::Paid { reference: first_payment } = payments.pay_once(&first).unwrap() else { panic!("paid") };
    let second = OneTimePayment { member: Some(member), ..payment(&stand_in, CARD_OK, "charge-member-2") };
    let PaymentOutcome::Paid { reference: second_payment } = payments.pay_once(&second).unwrap() else { panic!("paid") };

    let guest_customer = stand_in.customer_of_payment(&guest_payment).unwrap();
    let member_customer = stand_in.customer_of_payment(&first_payment).unwrap();
    assert_ne!(guest_customer, member_customer, "the same address, another customer");
    assert_eq!(stand_in.customer_of_payment(&second_payment).unwrap(), member_customer, "the member's own, again");
    let customers = stand_in.customers();
    let made_for_member = customers.iter().find(|c| c["id"] == member_customer.as_str()).unwrap();
    assert_eq!(made_for_member["metadata"]["gistbook_member"], "42");
    assert_eq!(customers.len(), 2);
    // A lost answer is looked up under the member's customer too.
    let lookup = PurchaseLookup { charge_id: "charge-member-2", email: "reader@example.com", member: Some(member), reference: "", subscription: false };
    assert!(payments.look_up_purchase(&lookup).unwrap().is_some());
}
