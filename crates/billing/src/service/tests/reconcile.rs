//! Lost answers (the provider took the money, checkout never heard) and reconciliation, against
//! the in-memory store and the fake providers.

use super::*;
use crate::checkout::*;
use crate::gateway::*;
use crate::reconcile::ProblemKind;
use crate::service::CardCheckout;
use kernel::UserId;

const ADA: UserId = UserId(7);

fn ada_buys(store: &InMemoryBilling, cards: &FakeCards, plan: &str, card: &str, at: Timestamp) -> Result<CheckoutResult, BillingError> {
    let billing = Billing::new(store, at).with_site("https://gistbook.test");
    let checkout = CardCheckout {
        basket: basket(plan),
        buyer: Buyer::Member(store.sign_in(ADA, "ada@example.com")),
        payment_method: Some(card),
        gift: None,
        without_trial: false,
    };
    billing.pay_by_card(by_card(cards), &CountingSecrets::default(), &checkout)
}

fn receipts(store: &InMemoryBilling) -> usize {
    store.mail().iter().filter(|m| m.subject.contains("receipt") || m.subject.contains("Receipt")).count()
}

fn kinds(report: &crate::reconcile::ReconcileReport) -> Vec<(ProblemKind, bool)> {
    report.problems.iter().map(|p| (p.kind, p.fixed)).collect()
}

/// The connection is cut after the provider took the money, and stays down for a while.
fn ada_buys_and_the_line_is_cut(store: &InMemoryBilling, cards: &FakeCards, plan: &str) -> String {
    let answer = ada_buys(store, cards, plan, "pm_cut", now()).unwrap();
    let CheckoutResult::Confirming { charge_id } = answer else { panic!("a lost answer is being confirmed, not {answer:?}") };
    charge_id
}

#[test]
fn a_charge_is_recorded_before_the_provider_is_asked_and_a_lost_answer_is_confirmed_not_called_a_failure() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let charge_id = ada_buys_and_the_line_is_cut(&store, &cards, "lifetime");
    let charges = store.charges();
    assert_eq!(charges.len(), 1);
    assert_eq!((charges[0].id.as_str(), charges[0].status, charges[0].reference.as_str()), (charge_id.as_str(), ChargeStatus::Initiated, ""));
    assert_eq!(cards.payments.lock().unwrap()[0].idempotency_key, charges[0].id, "the provider keeps our charge id");
    assert!(store.grants().is_empty(), "nothing is given for money not known to be taken");
    assert_eq!(receipts(&store), 0);
    // The page keeps asking; while the provider cannot be reached it is still being confirmed.
    let ada = || Some(store.sign_in(ADA, "ada@example.com"));
    let soon = Billing::new(&store, now() + chrono::Duration::seconds(10)).with_site("https://gistbook.test");
    let still = soon.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), ada()).unwrap();
    assert_eq!(still, CheckoutResult::Confirming { charge_id: charge_id.clone() });
    // Someone else cannot ask about it.
    let other = soon.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(store.sign_in(UserId(8), "bo@example.com")));
    assert_eq!(other.unwrap_err(), BillingError::UnknownCharge);
    // Back online: the provider finds the payment by our id and the member has what was paid for.
    *cards.down.lock().unwrap() = false;
    let done = soon.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), ada()).unwrap();
    assert!(matches!(done, CheckoutResult::Complete { .. }), "{done:?}");
    assert_eq!((store.charges()[0].status, store.charges()[0].reference.clone()), (ChargeStatus::Paid, format!("pi_{charge_id}")));
    assert_eq!((store.grants().len(), receipts(&store)), (1, 1));
    // Asking again changes nothing.
    soon.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), ada()).unwrap();
    assert_eq!((store.grants().len(), receipts(&store)), (1, 1));
}

#[test]
fn a_lost_answer_is_looked_up_at_once_and_the_purchase_recorded() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let answer = ada_buys(&store, &cards, "lifetime", "pm_lost", now()).unwrap();
    assert!(matches!(answer, CheckoutResult::Complete { .. }), "{answer:?}");
    assert_eq!(store.charges()[0].status, ChargeStatus::Paid);
    assert_eq!((store.grants().len(), receipts(&store)), (1, 1));
    assert_eq!(cards.payments.lock().unwrap().len(), 1, "asked, never charged twice");
    let monthly = InMemoryBilling::with_standard_plans();
    let answer = ada_buys(&monthly, &cards, "monthly", "pm_lost", now()).unwrap();
    assert!(matches!(answer, CheckoutResult::Complete { .. }), "{answer:?}");
    assert_eq!(monthly.state_of(&monthly.charges()[0].id).unwrap().status, SubscriptionStatus::Trialing);
}

#[test]
fn a_payment_the_provider_never_received_is_called_not_charged_only_after_the_confirming_window() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let answer = ada_buys(&store, &cards, "lifetime", "pm_down", now()).unwrap();
    let CheckoutResult::Confirming { charge_id } = answer else { panic!("{answer:?}") };
    let ada = || Some(store.sign_in(ADA, "ada@example.com"));
    let within = Billing::new(&store, now() + chrono::Duration::seconds(CONFIRMING_FOR_SECONDS - 1));
    assert!(matches!(
        within.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), ada()),
        Ok(CheckoutResult::Confirming { .. })
    ));
    let after = Billing::new(&store, now() + chrono::Duration::seconds(CONFIRMING_FOR_SECONDS + 1));
    let told = after.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), ada()).unwrap_err();
    assert_eq!(told, BillingError::NotCharged);
    assert!(told.to_string().contains("Nothing was charged"));
    assert_eq!(store.charges().len(), 1, "reconcile drops it once it is surely abandoned");
    assert!(store.grants().is_empty());
}

#[test]
fn a_declined_payment_leaves_no_charge_behind() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    assert!(ada_buys(&store, &cards, "lifetime", "pm_declined", now()).is_err());
    assert!(ada_buys(&store, &cards, "monthly", "pm_declined", now()).is_err());
    assert!(store.charges().is_empty());
}

#[test]
fn the_providers_payment_event_finds_an_initiated_charge_by_our_id_and_gives_it_once() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys_and_the_line_is_cut(&store, &cards, "lifetime");
    *cards.down.lock().unwrap() = false;
    let charge = store.charges()[0].clone();
    let hooks = FakeWebhooks::new(STRIPE);
    let billing = Billing::new(&store, now() + chrono::Duration::seconds(30)).with_site("https://gistbook.test");
    let event = |id: &str, charge_id: Option<&str>| VerifiedEvent {
        id: id.into(),
        event: ProviderEvent::PaymentSucceeded { reference: format!("pi_{}", charge.id), charge_id: charge_id.map(str::to_owned) },
    };
    // Without our id the payment names nothing of ours.
    let payload = hooks.payload_for(event("evt_0", None));
    let outcome = billing.handle_webhook(&hooks, by_card(&cards), &CountingSecrets::default(), &payload, &[("Signature", "good")]).unwrap();
    assert_eq!(outcome, crate::service::WebhookOutcome::Ignored);
    for id in ["evt_1", "evt_2"] {
        let payload = hooks.payload_for(event(id, Some(&charge.id)));
        let outcome = billing.handle_webhook(&hooks, by_card(&cards), &CountingSecrets::default(), &payload, &[("Signature", "good")]).unwrap();
        assert_eq!(outcome, crate::service::WebhookOutcome::Applied);
    }
    let charges = store.charges();
    assert_eq!((charges[0].status, charges[0].reference.clone()), (ChargeStatus::Paid, format!("pi_{}", charge.id)));
    assert_eq!(store.grants().len(), 1, "one grant however often the event comes");
    assert_eq!(receipts(&store), 1);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, None);
    // Reconciling afterwards finds nothing to do.
    let report = billing.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&report), []);
    assert_eq!(store.grants().len(), 1);
}

#[test]
fn reconcile_records_a_payment_whose_answer_was_lost_once_with_its_grant_and_receipt() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys_and_the_line_is_cut(&store, &cards, "lifetime");
    *cards.down.lock().unwrap() = false;
    let later = Billing::new(&store, now() + chrono::Duration::minutes(5)).with_site("https://gistbook.test");
    let look = later.reconcile(by_card(&cards), &CountingSecrets::default(), false).unwrap();
    assert_eq!(kinds(&look), [(ProblemKind::PaidButNotRecorded, false)], "without --fix nothing changes");
    assert!(store.grants().is_empty());
    let fixed = later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&fixed), [(ProblemKind::PaidButNotRecorded, true)]);
    assert_eq!(store.charges()[0].status, ChargeStatus::Paid);
    assert_eq!(store.grants().len(), 1);
    assert_eq!(receipts(&store), 1);
    let again = later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&again), [], "repaired once");
    assert_eq!((store.grants().len(), receipts(&store)), (1, 1));
    assert_eq!(later.last_reconcile().unwrap(), Some(again));
}

#[test]
fn reconcile_starts_a_subscription_whose_answer_was_lost_with_its_trial_recorded() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys_and_the_line_is_cut(&store, &cards, "monthly");
    *cards.down.lock().unwrap() = false;
    let later = Billing::new(&store, now() + chrono::Duration::minutes(5));
    let report = later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&report), [(ProblemKind::PaidButNotRecorded, true)]);
    let charge = store.charges()[0].clone();
    assert_eq!((charge.status, charge.reference.clone()), (ChargeStatus::Paid, format!("sub_{}", charge.id)));
    assert_eq!(store.state_of(&charge.id).unwrap().status, SubscriptionStatus::Trialing);
    assert_eq!(store.plan_of(ADA).unwrap().plan_id, "monthly");
    // The trial counts: a second monthly is charged at once.
    let standing = later.purchase_standing(Some("monthly"), Some(store.sign_in(ADA, "ada@example.com"))).unwrap();
    assert_eq!(standing.trial_days, 0);
}

#[test]
fn an_initiated_charge_the_provider_never_took_is_dropped_after_an_hour_not_before() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys(&store, &cards, "lifetime", "pm_down", now()).unwrap();
    assert_eq!(store.charges().len(), 1);
    let soon = Billing::new(&store, now() + chrono::Duration::minutes(5));
    assert_eq!(kinds(&soon.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap()), [], "a request may still be under way");
    assert_eq!(store.charges().len(), 1);
    let later = Billing::new(&store, now() + chrono::Duration::minutes(61));
    let report = later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&report), [(ProblemKind::Abandoned, true)]);
    assert_eq!(report.differences().count(), 0, "housekeeping, not a difference");
    assert!(store.charges().is_empty());
}

#[test]
fn reconcile_applies_the_providers_subscription_state_when_an_event_was_missed() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys(&store, &cards, "monthly", "pm_visa", now()).unwrap();
    let charge = store.charges()[0].clone();
    // The provider ended it (its event never came).
    let ended_at = now() + chrono::Duration::minutes(30);
    cards.changed_silently(&charge.reference, ProviderSnapshot { status: SubscriptionStatus::Expired, current_period_end: ended_at, as_of: ended_at });
    let later = Billing::new(&store, now() + chrono::Duration::hours(1));
    let report = later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&report), [(ProblemKind::SubscriptionDiffers, true)]);
    assert_eq!(store.state_of(&charge.id).unwrap().status, SubscriptionStatus::Expired);
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, Some(ended_at), "access ended with it");
    assert_eq!(kinds(&later.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap()), []);
}

#[test]
fn reconcile_adds_a_missing_grant_and_re_derives_drifted_plan_fields() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys(&store, &cards, "lifetime", "pm_visa", now()).unwrap();
    // A hand edit: the stored plan says monthly until tomorrow.
    let drifted = crate::access::MemberPlan { plan_id: "monthly".into(), paid_date: now(), end_paid_date: Some(now() + chrono::Duration::days(1)) };
    crate::ports::GrantBook::save_member_plan(&store, ADA, Some(&drifted)).unwrap();
    let billing = Billing::new(&store, now() + chrono::Duration::minutes(1));
    let report = billing.reconcile(by_card(&cards), &CountingSecrets::default(), false).unwrap();
    assert_eq!(kinds(&report), [(ProblemKind::PlanFieldsDiffer, false)]);
    assert!(report.problems[0].detail.contains("stored monthly until"), "{}", report.problems[0]);
    assert!(report.problems[0].detail.contains("grants give lifetime for life"), "{}", report.problems[0]);
    billing.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(store.plan_of(ADA).unwrap().end_paid_date, None);
    assert_eq!(kinds(&billing.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap()), []);
}

#[test]
fn a_provider_that_cannot_be_asked_is_reported_not_guessed() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    ada_buys(&store, &cards, "lifetime", "pm_visa", now()).unwrap();
    *cards.down.lock().unwrap() = true;
    let billing = Billing::new(&store, now() + chrono::Duration::minutes(1));
    let report = billing.reconcile(by_card(&cards), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&report), [(ProblemKind::Unchecked, false)]);
    let none = Billing::new(&store, now()).reconcile(crate::gateway::Gateways::default(), &CountingSecrets::default(), true).unwrap();
    assert_eq!(kinds(&none), [(ProblemKind::Unchecked, false)], "Stripe not configured");
}

#[test]
fn a_purchase_settled_by_a_request_with_a_later_clock_is_still_the_plan_answered() {
    // Under load the provider's event can settle the charge while the checkout's own request,
    // whose clock was read earlier, is still on its way: the answer names the new plan.
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let secrets = CountingSecrets::default();
    let ada = || store.sign_in(ADA, "ada@example.com");
    let buy = |plan, at| {
        let checkout = CardCheckout { basket: basket(plan), buyer: Buyer::Member(ada()), payment_method: Some("pm_visa"), gift: None, without_trial: false };
        Billing::new(&store, at).pay_by_card(by_card(&cards), &secrets, &checkout).unwrap()
    };
    buy("monthly", now());
    let answer = buy("lifetime", now() + chrono::Duration::seconds(10));
    let CheckoutResult::Complete { charge_id, .. } = answer else { panic!("{answer:?}") };
    let earlier = Billing::new(&store, now() + chrono::Duration::seconds(5));
    let told = earlier.confirm_card_payment(by_card(&cards), &secrets, Some(&charge_id), Some(ada())).unwrap();
    let CheckoutResult::Complete { plan, .. } = told else { panic!("{told:?}") };
    assert_eq!(plan.map(|p| (p.plan_id, p.end_paid_date)), Some(("lifetime".to_owned(), None)));
}

#[test]
fn a_card_id_that_cannot_name_a_payment_method_is_refused_before_the_provider_is_asked() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    for sent in ["", "  ", "pm visa", "pm_visa/../charges", "pm_visa?expand=x", "é", &"p".repeat(256)] {
        assert_eq!(ada_buys(&store, &cards, "lifetime", sent, now()).unwrap_err(), BillingError::CardNotCreated, "{sent:?}");
    }
    assert!(cards.payments.lock().unwrap().is_empty(), "the provider was never asked");
    assert!(store.charges().is_empty(), "nothing was recorded");
    assert!(matches!(ada_buys(&store, &cards, "lifetime", " pm_visa ", now()), Ok(CheckoutResult::Complete { .. })), "spaces around it are the page's");
}
