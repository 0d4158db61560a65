//! Webhooks, renewals, refunds, cancelling and receipts, against the in-memory store.

use super::*;
use crate::cancel::CancelReason;
use crate::checkout::*;
use crate::gateway::*;
use crate::service::{CardCheckout, WebhookOutcome};
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

/// Ada buys `plan` by card; the charge id and the provider's reference.
fn bought(store: &InMemoryBilling, cards: &FakeCards, plan: &str) -> (String, String) {
    let billing = Billing::new(store, now()).with_site("https://gistbook.test");
    let checkout = CardCheckout { basket: basket(plan), buyer: member(store), payment_method: Some("pm_visa"), gift: None, without_trial: false };
    let CheckoutResult::Complete { charge_id, .. } = billing.pay_by_card(by_card(cards), &CountingSecrets::default(), &checkout).unwrap() else { panic!() };
    let reference = store.charges().iter().find(|c| c.id == charge_id).unwrap().reference.clone();
    (charge_id, reference)
}

fn good() -> [(&'static str, &'static str); 1] {
    [("Signature", "good")]
}

fn subscription_event(id: &str, reference: &str, snapshot: ProviderSnapshot) -> VerifiedEvent {
    VerifiedEvent { id: id.into(), event: ProviderEvent::Subscription { subscription: reference.into(), snapshot } }
}

fn deliver(store: &InMemoryBilling, cards: &FakeCards, hooks: &FakeWebhooks, event: VerifiedEvent) -> Result<WebhookOutcome, BillingError> {
    let payload = hooks.payload_for(event);
    let gateways = Gateways { card: Some(cards), paypal: None };
    Billing::new(store, now() + Duration::days(1)).handle_webhook(hooks, gateways, &CountingSecrets::default(), &payload, &good())
}

#[test]
fn a_paid_charge_queues_its_receipt_and_a_decline_queues_none() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    bought(&store, &cards, "monthly");
    let mail = store.mail();
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].to, "ada@example.com");
    assert_eq!(mail[0].subject, "Your Gistbook receipt: Premium Monthly");
    assert!(mail[0].text_body.contains("Amount:    $0.00 today; $9.99 on November 26, 2026 unless you cancel (USD)"), "{}", mail[0].text_body);
    assert!(mail[0].text_body.contains("3-day free trial runs until 2026-11-26"), "{}", mail[0].text_body);
    assert!(!mail[0].text_body.contains("chargeId"), "a member's receipt needs no link to attach it");

    let checkout = CardCheckout { basket: basket("lifetime"), buyer: member(&store), payment_method: Some("pm_declined"), gift: None, without_trial: false };
    assert!(Billing::new(&store, now()).pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).is_err());
    assert_eq!(store.mail().len(), 1);
}

#[test]
fn a_guests_receipt_carries_the_link_that_attaches_the_purchase() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now()).with_site("https://gistbook.test/");
    let checkout = CardCheckout {
        basket: basket("lifetime"),
        buyer: Buyer::Guest { email: Some("guest@example.com".into()) },
        payment_method: Some("pm_visa"),
        gift: None,
        without_trial: false,
    };
    let CheckoutResult::Complete { charge_id, .. } = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap() else { panic!() };
    let mail = &store.mail()[0];
    assert_eq!(mail.to, "guest@example.com");
    assert!(mail.text_body.contains(&format!("https://gistbook.test/signup?chargeId={charge_id}")), "{}", mail.text_body);
    assert!(mail.text_body.contains("for life"));
}

#[test]
fn a_webhook_with_a_bad_or_stale_signature_changes_nothing() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, reference) = bought(&store, &cards, "monthly");
    let hooks = FakeWebhooks::new(STRIPE);
    let payload = hooks.payload_for(subscription_event("evt_1", &reference, snapshot(Expired, 1, 60)));
    let billing = Billing::new(&store, now());
    let gateways = Gateways { card: Some(&cards), paypal: None };
    let bad = billing.handle_webhook(&hooks, gateways, &CountingSecrets::default(), &payload, &[("Signature", "forged")]).unwrap_err();
    assert_eq!(bad.code(), "bad_webhook");
    let stale = billing.handle_webhook(&hooks, gateways, &CountingSecrets::default(), &payload, &[("Signature", "stale")]).unwrap_err();
    assert_eq!(stale.code(), "stale_webhook");
    assert_eq!(store.state_of(&charge_id).unwrap().status, Trialing);
    // Rejected deliveries were not recorded: the genuine one still applies.
    assert_eq!(billing.handle_webhook(&hooks, gateways, &CountingSecrets::default(), &payload, &good()).unwrap(), WebhookOutcome::Applied);
    assert_eq!(store.state_of(&charge_id).unwrap().status, Expired);
}

#[test]
fn the_same_event_three_times_has_one_effect() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, reference) = bought(&store, &cards, "monthly");
    let hooks = FakeWebhooks::new(STRIPE);
    let renewal = subscription_event("evt_renewal", &reference, snapshot(Active, 33, 60));
    let outcomes: Vec<_> = (0..3).map(|_| deliver(&store, &cards, &hooks, renewal.clone()).unwrap()).collect();
    assert_eq!(outcomes, [WebhookOutcome::Applied, WebhookOutcome::Duplicate, WebhookOutcome::Duplicate]);
    assert_eq!(store.state_of(&charge_id).unwrap().current_period_end, now() + Duration::days(33));
    let given: Vec<_> = store.grants().into_iter().filter(|g| g.user == ADA).collect();
    assert_eq!(given.len(), 1, "one grant, whose end the renewal moved once");
    assert_eq!(given[0].ends_at, Some(now() + Duration::days(33)));
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(33)));
}

#[test]
fn shuffled_events_leave_the_same_final_state_and_plan() {
    let events = |reference: &str| {
        vec![
            subscription_event("evt_a", reference, snapshot(Active, 33, 10)),
            subscription_event("evt_b", reference, snapshot(PastDue, 33, 20)),
            subscription_event("evt_c", reference, snapshot(Active, 63, 30)),
            subscription_event("evt_d", reference, snapshot(Canceled, 63, 40)),
        ]
    };
    let mut finals = Vec::new();
    for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]] {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let (charge_id, reference) = bought(&store, &cards, "monthly");
        let hooks = FakeWebhooks::new(STRIPE);
        let all = events(&reference);
        for i in order {
            deliver(&store, &cards, &hooks, all[i].clone()).unwrap();
        }
        finals.push((store.state_of(&charge_id).unwrap(), store.plan_of(ADA).unwrap().end_paid_date));
    }
    assert!(finals.windows(2).all(|w| w[0] == w[1]), "{finals:?}");
    assert_eq!(finals[0].0.status, Canceled);
    assert_eq!(finals[0].1, Some(now() + Duration::days(63)));
}

#[test]
fn a_failed_renewal_keeps_access_to_the_period_end_and_the_end_takes_it_away() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, reference) = bought(&store, &cards, "monthly");
    let hooks = FakeWebhooks::new(STRIPE);
    deliver(&store, &cards, &hooks, subscription_event("evt_1", &reference, snapshot(PastDue, 3, 60))).unwrap();
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(3)));
    // Retries ran out two days after the period ended: access ended with the period.
    deliver(&store, &cards, &hooks, subscription_event("evt_2", &reference, snapshot(Expired, 3, 5 * 24 * 60))).unwrap();
    assert_eq!(store.state_of(&charge_id).unwrap().status, Expired);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(3)));
    // Nothing brings an expired subscription back.
    deliver(&store, &cards, &hooks, subscription_event("evt_3", &reference, snapshot(Active, 40, 6 * 24 * 60))).unwrap();
    assert_eq!(store.state_of(&charge_id).unwrap().status, Expired);
}

#[test]
fn a_refund_ends_a_lifetime_plan_but_not_a_better_plan_from_elsewhere() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (_, reference) = bought(&store, &cards, "lifetime");
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, None);
    let hooks = FakeWebhooks::new(STRIPE);
    let refund = VerifiedEvent { id: "evt_refund".into(), event: ProviderEvent::Refunded { reference: reference.clone() } };
    assert_eq!(deliver(&store, &cards, &hooks, refund).unwrap(), WebhookOutcome::Applied);
    assert_eq!(store.charges()[0].status, ChargeStatus::Refunded);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(1)), "ends when the refund arrives");
    let notice = store.mail().into_iter().find(|m| m.subject == "Your Gistbook refund: Premium Lifetime").expect("the buyer is told");
    assert!(
        notice.text_body.contains("We have refunded $149.99") && notice.text_body.contains("Premium from this purchase has ended."),
        "{}",
        notice.text_body
    );

    let unknown = VerifiedEvent { id: "evt_other".into(), event: ProviderEvent::Refunded { reference: "pi_someone_else".into() } };
    assert_eq!(deliver(&store, &cards, &hooks, unknown).unwrap(), WebhookOutcome::Ignored);
}

#[test]
fn a_subscriptions_later_payments_are_recorded_once_and_refunds_mark_them() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, subscription) = bought(&store, &cards, "monthly");
    let hooks = FakeWebhooks::new(STRIPE);
    let paid = |event: &str, id: &str, cents: i64, first: bool| VerifiedEvent {
        id: event.into(),
        event: ProviderEvent::SubscriptionPaid {
            subscription: subscription.clone(),
            payment: SubscriptionPayment { id: id.into(), amount: Cents(cents), reference: Some(format!("pi_{id}")), first, paid_at: now() },
        },
    };
    // The first invoice is the purchase itself (recorded at checkout); a trial's is $0.
    assert_eq!(deliver(&store, &cards, &hooks, paid("evt_1", "in_first", 999, true)).unwrap(), WebhookOutcome::Ignored);
    assert_eq!(deliver(&store, &cards, &hooks, paid("evt_2", "in_renewal", 999, false)).unwrap(), WebhookOutcome::Applied);
    // The same payment in another event (a retried delivery with a new id) is kept once.
    deliver(&store, &cards, &hooks, paid("evt_3", "in_renewal", 999, false)).unwrap();
    assert_eq!(store.subscription_payments(), vec![(charge_id.clone(), "in_renewal".to_owned(), 999, false)]);
    let someone_elses = VerifiedEvent {
        id: "evt_4".into(),
        event: ProviderEvent::SubscriptionPaid {
            subscription: "sub_unknown".into(),
            payment: SubscriptionPayment { id: "in_x".into(), amount: Cents(999), reference: None, first: false, paid_at: now() },
        },
    };
    assert_eq!(deliver(&store, &cards, &hooks, someone_elses).unwrap(), WebhookOutcome::Ignored);

    let refund = VerifiedEvent { id: "evt_5".into(), event: ProviderEvent::Refunded { reference: "pi_in_renewal".into() } };
    assert_eq!(deliver(&store, &cards, &hooks, refund).unwrap(), WebhookOutcome::Applied);
    assert_eq!(store.subscription_payments(), vec![(charge_id, "in_renewal".to_owned(), 999, true)]);
    assert!(store.plan_of(ADA).unwrap().gives_access(now() + Duration::days(2)), "a refunded renewal leaves access to the subscription's events");
}

#[test]
fn a_plan_without_a_trial_took_its_first_payment_at_checkout_and_it_is_not_recorded_again() {
    use crate::model::{Interval, Plan, PlanKind};
    let monthly = Plan {
        id: "monthly".into(),
        name: "Monthly".into(),
        kind: PlanKind::Subscription { interval: Interval::Month, trial_days: 3 },
        amount: Cents(999),
        paypal_plan: None,
        book_title: None,
        course: None,
        active: true,
    };
    let no_trial = Plan { kind: PlanKind::Subscription { interval: Interval::Month, trial_days: 0 }, ..monthly.clone() };
    let charge = Charge {
        id: "ch".into(),
        user: Some(ADA),
        email: "ada@example.com".into(),
        plan_id: "monthly".into(),
        quantity: 1,
        amount: Cents(999),
        coupon: None,
        provider: STRIPE.into(),
        reference: "sub_1".into(),
        status: ChargeStatus::Paid,
        created_at: now(),
        referral_id: None,
        card_fingerprint: None,
        add_on: None,
    };
    let payment = |after: Duration, first: bool| SubscriptionPayment { id: "in".into(), amount: Cents(999), reference: None, first, paid_at: now() + after };
    assert!(payment(Duration::days(40), true).is_the_purchase(&monthly, &charge), "a first invoice is the purchase");
    assert!(payment(Duration::minutes(1), false).is_the_purchase(&no_trial, &charge), "paid at checkout");
    assert!(!payment(Duration::days(30), false).is_the_purchase(&no_trial, &charge), "a renewal");
    assert!(!payment(Duration::days(3), false).is_the_purchase(&monthly, &charge), "the first payment after a trial");
    assert!(!payment(Duration::minutes(1), false).is_the_purchase(&monthly, &charge), "a trial takes nothing at checkout");
}

#[test]
fn turning_renewal_off_needs_a_reason_and_keeps_access_to_the_period_end() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, reference) = bought(&store, &cards, "yearly");
    let billing = Billing::new(&store, now() + Duration::hours(1));
    let gateways = Gateways { card: Some(&cards), paypal: None };
    for reason in [None, Some(""), Some("because")] {
        assert_eq!(billing.cancel_renewal(gateways, ada(&store), reason).unwrap_err(), BillingError::MissingCancelReason);
    }
    assert!(cards.cancelled.lock().unwrap().is_empty());
    let summary = billing.cancel_renewal(gateways, ada(&store), Some(" Too Expensive ")).unwrap();
    assert_eq!(*cards.cancelled.lock().unwrap(), vec![reference]);
    assert_eq!(summary.status, Canceled);
    assert!(!summary.renews);
    assert_eq!(summary.period_end, now() + Duration::days(3));
    assert_eq!(store.cancellations(), vec![(charge_id, CancelReason::TooExpensive)]);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(3)), "access lasts to the period end");
    let confirmation = store.mail().into_iter().find(|m| m.subject == "Auto-renewal is off").expect("the cancellation e-mail");
    assert_eq!(confirmation.to, "ada@example.com");
    assert!(confirmation.text_body.contains("Auto-renewal of your Premium Yearly is off; Premium until November 26, 2026."), "{}", confirmation.text_body);
    assert_eq!(billing.cancel_renewal(gateways, ada(&store), Some("other")).unwrap_err(), BillingError::NothingToCancel);
    assert_eq!(billing.subscription(ada(&store)).unwrap().unwrap().status, Canceled, "still shown until it ends");
}

#[test]
fn members_without_a_renewing_plan_have_nothing_to_cancel() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let gateways = Gateways { card: Some(&cards), paypal: None };
    let billing = Billing::new(&store, now());
    assert_eq!(billing.cancel_renewal(gateways, ada(&store), Some("other")).unwrap_err(), BillingError::NothingToCancel);
    bought(&store, &cards, "lifetime");
    assert_eq!(billing.cancel_renewal(gateways, ada(&store), Some("other")).unwrap_err(), BillingError::NothingToCancel);
    assert_eq!(billing.subscription(ada(&store)).unwrap(), None);
    // A provider that is down changes nothing.
    let store = InMemoryBilling::with_standard_plans();
    let billing = Billing::new(&store, now());
    bought(&store, &cards, "monthly");
    *cards.down.lock().unwrap() = true;
    assert_eq!(billing.cancel_renewal(gateways, ada(&store), Some("other")).unwrap_err().code(), "provider_unavailable");
    assert!(store.cancellations().is_empty());
    assert!(billing.subscription(ada(&store)).unwrap().unwrap().renews);
}

#[test]
fn a_deleted_accounts_renewal_is_turned_off_once_the_provider_answers() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, _) = bought(&store, &cards, "monthly");
    let gateways = Gateways { card: Some(&cards), paypal: None };
    let billing = Billing::new(&store, now());
    assert_eq!(billing.end_renewals(gateways).unwrap(), 0, "a member's renewal is theirs to turn off");
    store.delete_account(ADA);
    *cards.down.lock().unwrap() = true;
    assert_eq!(billing.end_renewals(gateways).unwrap(), 0);
    assert!(store.state_of(&charge_id).unwrap().renews(), "tried again next round");
    *cards.down.lock().unwrap() = false;
    assert_eq!(billing.end_renewals(gateways).unwrap(), 1);
    assert!(!store.state_of(&charge_id).unwrap().renews());
    assert_eq!(billing.end_renewals(gateways).unwrap(), 0);
}

#[test]
fn only_the_subscriber_sees_and_cancels_it_and_only_from_a_live_session() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    bought(&store, &cards, "monthly");
    let gateways = Gateways { card: Some(&cards), paypal: None };
    let billing = Billing::new(&store, now());
    assert_eq!(billing.subscription(bob(&store)).unwrap(), None);
    assert_eq!(billing.cancel_renewal(gateways, bob(&store), Some("other")).unwrap_err(), BillingError::NothingToCancel);
    let session = ada(&store);
    store.delete_account(ADA);
    assert_eq!(billing.cancel_renewal(gateways, session, Some("other")).unwrap_err(), BillingError::NotSignedIn);
    assert_eq!(billing.subscription(session).unwrap_err(), BillingError::NotSignedIn);
    assert!(cards.cancelled.lock().unwrap().is_empty());
}

#[test]
fn a_subscriptions_add_on_is_paid_once_and_the_coupon_every_period() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(coupon("TEN", 10));
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let basket = Basket { coupon_code: Some("TEN"), add_infographics: Some(20), ..basket("monthly") };
    let quote = billing.quote(&basket).unwrap();
    // (999 + 1099) - 10% = 1888 now; 999 - 10% = 899 every month; the add-on's share once.
    assert_eq!((quote.total, quote.recurring, quote.one_time_extra()), (Cents(1888), Some(Cents(899)), Cents(989)));
    let checkout = CardCheckout { basket, buyer: member(&store), payment_method: Some("pm_visa"), gift: None, without_trial: false };
    billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap();
    let request = cards.subscriptions.lock().unwrap()[0].clone();
    assert_eq!((request.amount, request.one_time), (Cents(899), Cents(989)));
    assert_eq!(store.charges()[0].amount, Cents(1888), "the charge is the first payment");
    assert_eq!(billing.quote(&basket_of("lifetime")).unwrap().recurring, None);
}

fn basket_of(plan: &str) -> Basket<'_> {
    Basket { plan_id: Some(plan), ..Basket::default() }
}

#[test]
fn a_past_due_member_saves_a_new_card_and_the_paid_invoice_restores_the_period() {
    use crate::service::CardUpdated;
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let (charge_id, reference) = bought(&store, &cards, "monthly");
    let hooks = FakeWebhooks::new(STRIPE);
    deliver(&store, &cards, &hooks, subscription_event("evt_1", &reference, snapshot(PastDue, 33, 3 * 24 * 60))).unwrap();
    let gateways = Gateways { card: Some(&cards), paypal: None };
    let billing = Billing::new(&store, now() + Duration::days(4));
    let setup = billing.start_card_update(gateways, ada(&store)).unwrap();
    assert!(setup.client_secret.contains(&reference));
    assert_eq!(billing.start_card_update(gateways, bob(&store)).unwrap_err(), BillingError::NoCardToUpdate, "only the subscriber");
    // A setup never completed changes nothing.
    assert_eq!(billing.finish_card_update(gateways, ada(&store), Some("seti_unfinished")).unwrap_err(), BillingError::CardNotCreated);
    assert_eq!(store.state_of(&charge_id).unwrap().status, PastDue);
    let CardUpdated::Declined(summary, message) = billing.finish_card_update(gateways, ada(&store), Some("seti_declined_1")).unwrap() else { panic!() };
    assert_eq!((summary.status, message.as_deref()), (PastDue, Some("Your card was declined.")));
    // Another try, with a card that pays, a day later.
    let later = Billing::new(&store, now() + Duration::days(5));
    let CardUpdated::Done(summary) = later.finish_card_update(gateways, ada(&store), Some("seti_ok_1")).unwrap() else { panic!() };
    assert_eq!(summary.status, Active);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(now() + Duration::days(33)), "the paid period, not the grace");
}

#[test]
fn a_paypal_subscriptions_card_is_updated_at_paypal() {
    let store = InMemoryBilling::with_standard_plans();
    let paypal = FakePayPal::new(now());
    let billing = Billing::new(&store, now());
    let ada = ada(&store);
    let crate::service::PayPalStart::Subscription { subscription_id } =
        billing.start_paypal(&paypal, &CountingSecrets::default(), &basket("monthly"), &Buyer::Member(ada), None, false).unwrap()
    else {
        panic!()
    };
    paypal.approve(&subscription_id);
    let gateways = Gateways { card: None, paypal: Some(&paypal) };
    let approval = crate::service::PayPalApproval { order_id: None, subscription_id: Some(&subscription_id) };
    billing.complete_paypal(gateways, &CountingSecrets::default(), approval, Some(ada)).unwrap();
    let cards = FakeCards::new(now());
    let both = Gateways { card: Some(&cards), paypal: Some(&paypal) };
    assert_eq!(billing.start_card_update(both, ada).unwrap_err(), BillingError::PayPalCard);
}

#[test]
fn deliveries_checked_with_the_provider_are_limited_per_address_and_a_local_check_is_not() {
    let store = InMemoryBilling::with_standard_plans();
    let billing = Billing::new(&store, now());
    let forged = |hooks: &FakeWebhooks, client: &str| {
        billing.handle_webhook_from(client, hooks, Gateways::default(), &CountingSecrets::default(), "{}", &[("Signature", "forged")]).unwrap_err()
    };
    let paypal = FakeWebhooks::new(crate::gateway::PAYPAL);
    for _ in 0..crate::service::events::PROVIDER_CHECKS_PER_ADDRESS_PER_MINUTE {
        assert_eq!(forged(&paypal, "203.0.113.9").code(), "bad_webhook");
    }
    let checks = paypal.checks.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(forged(&paypal, "203.0.113.9"), BillingError::Throttled);
    assert_eq!(paypal.checks.load(std::sync::atomic::Ordering::SeqCst), checks, "no call to the provider once over the limit");
    assert_eq!(forged(&paypal, "198.51.100.7").code(), "bad_webhook", "another address is not held up");
    let later = Billing::new(&store, now() + Duration::minutes(2));
    let again = later.handle_webhook_from("203.0.113.9", &paypal, Gateways::default(), &CountingSecrets::default(), "{}", &[("Signature", "forged")]);
    assert_eq!(again.unwrap_err().code(), "bad_webhook", "the limit is per minute");
    // Stripe's signatures are checked here, at no cost: no limit.
    let stripe = FakeWebhooks::new(STRIPE);
    for _ in 0..=crate::service::events::PROVIDER_CHECKS_PER_ADDRESS_PER_MINUTE {
        assert_eq!(forged(&stripe, "203.0.113.9").code(), "bad_webhook");
    }
}
