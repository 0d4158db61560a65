use super::*;
use crate::fakes::*;
use crate::model::*;
use crate::pricing::percentage_of;
use crate::subscription::*;
use chrono::{Duration, TimeZone, Utc};

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
}

fn basket(plan: &str) -> Basket<'_> {
    Basket { plan_id: Some(plan), ..Basket::default() }
}

fn by_card(cards: &FakeCards) -> crate::gateway::Gateways<'_> {
    crate::gateway::Gateways { card: Some(cards), paypal: None }
}

fn by_paypal(paypal: &FakePayPal) -> crate::gateway::Gateways<'_> {
    crate::gateway::Gateways { card: None, paypal: Some(paypal) }
}

#[test]
fn unknown_missing_and_retired_plans_are_invalid() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_plan(Plan { id: "old".into(), active: false, ..standard_plans()[0].clone() });
    let billing = Billing::new(&store, now());
    for id in [None, Some(""), Some("  "), Some("platinum"), Some("old")] {
        assert_eq!(billing.plan(id).unwrap_err(), BillingError::InvalidPlan, "{id:?}");
        assert_eq!(billing.plan(id).unwrap_err().to_string(), "Invalid plan id");
    }
    assert_eq!(billing.plan(Some(" monthly ")).unwrap().amount, Cents(999));
    let ids: Vec<String> = billing.plans().unwrap().into_iter().map(|p| p.id).collect();
    assert_eq!(ids, ["monthly", "bulk", "gift", "yearly", "lifetime"], "active only, cheapest first");
}

#[test]
fn add_ons_are_20_for_1099_and_50_for_2999_and_nothing_else() {
    let store = InMemoryBilling::with_standard_plans();
    let billing = Billing::new(&store, now());
    let with = |n| billing.quote(&Basket { add_infographics: Some(n), ..basket("monthly") });
    assert_eq!(with(0).unwrap().total, Cents(999));
    assert_eq!(with(20).unwrap().total, Cents(999 + 1099));
    assert_eq!(with(50).unwrap().total, Cents(999 + 2999));
    for bad in [1, 19, 21, 100, -20] {
        assert_eq!(with(bad).unwrap_err(), BillingError::InvalidAddOn, "{bad}");
    }
}

#[test]
fn the_coupon_takes_its_percentage_off_the_total_with_add_ons_rounded_to_the_cent() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(coupon("SAVE15", 15));
    let billing = Billing::new(&store, now());
    let quote = billing.quote(&Basket { add_infographics: Some(20), coupon_code: Some(" save15 "), ..basket("monthly") }).unwrap();
    // (999 + 1099) * 15% = 314.7 -> 315
    assert_eq!(quote.subtotal, Cents(2098));
    assert_eq!(quote.discount, Cents(315));
    assert_eq!(quote.total, Cents(1783));
    assert_eq!(quote.percent_off, 15);
    assert_eq!(quote.coupon.as_deref(), Some("SAVE15"));
    // Half a cent rounds up; below half rounds down.
    assert_eq!(percentage_of(Cents(10), 25), Cents(3));
    assert_eq!(percentage_of(Cents(10), 24), Cents(2));
}

#[test]
fn free_and_zero_coupons_are_exact() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(coupon("FREE", 100));
    store.add_coupon(coupon("NOTHING", 0));
    let billing = Billing::new(&store, now());
    let free = billing.quote(&Basket { coupon_code: Some("FREE"), add_infographics: Some(50), ..basket("lifetime") }).unwrap();
    assert_eq!(free.total, Cents(0));
    assert_eq!(free.discount, Cents(14999 + 2999));
    let nothing = billing.quote(&Basket { coupon_code: Some("nothing"), ..basket("lifetime") }).unwrap();
    assert_eq!(nothing.total, Cents(14999));
}

#[test]
fn expired_early_used_up_and_other_plans_coupons_are_refused_with_a_reason() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(Coupon { valid_until: Some(now()), ..coupon("GONE", 10) });
    store.add_coupon(Coupon { valid_from: Some(now() + Duration::days(1)), ..coupon("SOON", 10) });
    store.add_coupon(Coupon { max_redemptions: Some(3), redemptions: 3, ..coupon("USED", 10) });
    store.add_coupon(Coupon { plan_ids: vec!["yearly".into()], ..coupon("YEARLY", 10) });
    store.add_coupon(Coupon { max_redemptions: Some(3), redemptions: 2, valid_until: Some(now() + Duration::seconds(1)), ..coupon("LAST", 10) });
    let billing = Billing::new(&store, now());
    let refused = |code| billing.coupon(Some(code), Some("monthly"), CouponGuesser::default()).unwrap_err();
    assert_eq!(refused("GONE"), BillingError::CouponExpired);
    assert_eq!(refused("SOON"), BillingError::CouponNotYetValid);
    assert_eq!(refused("USED"), BillingError::CouponUsedUp);
    assert_eq!(refused("YEARLY"), BillingError::CouponNotForPlan);
    assert_eq!(refused("NOPE"), BillingError::UnknownCoupon);
    assert_eq!(billing.coupon(Some("  "), Some("monthly"), CouponGuesser::default()).unwrap_err(), BillingError::MissingCoupon);
    assert_eq!(billing.coupon(Some("LAST"), Some("monthly"), CouponGuesser::default()).unwrap().0.percent_off, 10);
    assert_eq!(billing.coupon(Some("YEARLY"), Some("yearly"), CouponGuesser::default()).unwrap().1.id, "yearly");
    assert_eq!(billing.coupon(Some("GONE"), Some("nope"), CouponGuesser::default()).unwrap_err(), BillingError::InvalidPlan, "the plan first");
    // The same rules hold inside a quote.
    assert_eq!(billing.quote(&Basket { coupon_code: Some("GONE"), ..basket("monthly") }).unwrap_err(), BillingError::CouponExpired);
}

#[test]
fn seats_come_20_to_200_gifts_1_to_200_and_other_plans_one_at_a_time() {
    let store = InMemoryBilling::with_standard_plans();
    let billing = Billing::new(&store, now());
    let seats = |q| billing.quote(&Basket { quantity: Some(q), ..basket("bulk") });
    assert_eq!(seats(19).unwrap_err().to_string(), "Please choose a quantity >= 20");
    assert_eq!(seats(20).unwrap().total, Cents(20 * 2999));
    assert_eq!(seats(200).unwrap().total, Cents(200 * 2999));
    assert_eq!(seats(201).unwrap_err(), BillingError::InvalidQuantity);
    assert_eq!(seats(-1).unwrap_err(), BillingError::InvalidQuantity);
    assert_eq!(seats(i64::MAX).unwrap_err(), BillingError::InvalidQuantity);
    assert_eq!(billing.quote(&basket("bulk")).unwrap().quantity, 20, "the minimum by default");
    let gifts = |q| billing.quote(&Basket { quantity: Some(q), ..basket("gift") });
    assert_eq!(gifts(1).unwrap().total, Cents(4499));
    assert_eq!(gifts(3).unwrap().total, Cents(3 * 4499));
    assert_eq!(gifts(200).unwrap().total, Cents(200 * 4499));
    for bad in [0, 201, -1] {
        assert_eq!(gifts(bad).unwrap_err().to_string(), "Please choose a quantity from 1 to 200.", "{bad}");
    }
    assert_eq!(billing.quote(&basket("gift")).unwrap().quantity, 1, "one gift by default");
    for one_only in ["monthly", "yearly", "lifetime"] {
        assert_eq!(billing.quote(&Basket { quantity: Some(2), ..basket(one_only) }).unwrap_err(), BillingError::InvalidQuantity, "{one_only}");
        assert_eq!(billing.quote(&basket(one_only)).unwrap().quantity, 1);
    }
}

#[test]
fn amounts_read_as_dollars() {
    assert_eq!(Cents(4499).to_string(), "$44.99");
    assert_eq!(Cents(5).to_string(), "$0.05");
    assert_eq!(Cents(-1099).to_string(), "-$10.99");
    assert!(standard_plans().iter().all(|p| p.name.contains("Premium") || p.name.contains("seat") || p.name.contains("Gift")));
}

// The subscription state machine.

fn snapshot(status: SubscriptionStatus, period_end_days: i64, as_of_minutes: i64) -> ProviderSnapshot {
    ProviderSnapshot { status, current_period_end: now() + Duration::days(period_end_days), as_of: now() + Duration::minutes(as_of_minutes) }
}

fn run(events: &[ProviderSnapshot]) -> SubscriptionState {
    let mut state = SubscriptionState::from_snapshot(events[0]);
    for event in &events[1..] {
        if let Transition::Applied(next) = state.apply(*event) {
            state = next;
        }
    }
    state
}

use SubscriptionStatus::*;

#[test]
fn a_trial_becomes_active_and_renewals_extend_access() {
    let state = run(&[snapshot(Trialing, 3, 0), snapshot(Active, 33, 10), snapshot(Active, 63, 20)]);
    assert_eq!(state.status, Active);
    assert_eq!(state.access_until(), now() + Duration::days(63));
    assert!(state.renews());
}

const DAY: i64 = 24 * 60;

#[test]
fn a_failed_renewal_keeps_access_through_the_grace_week_then_ends_it() {
    // The renewal at day 30 fails: the provider shows the next period, but only the grace week
    // counts, from the first failure, however often the provider retries.
    let past_due = run(&[snapshot(Active, 30, 0), snapshot(PastDue, 60, 30 * DAY)]);
    assert_eq!(past_due.status, PastDue);
    assert_eq!(past_due.past_due_since, Some(now() + Duration::days(30)));
    assert_eq!(past_due.access_until(), now() + Duration::days(37));
    assert!(past_due.renews());
    let retried = run(&[snapshot(Active, 30, 0), snapshot(PastDue, 60, 30 * DAY), snapshot(PastDue, 60, 33 * DAY)]);
    assert_eq!(retried.access_until(), now() + Duration::days(37), "a retry does not restart the grace");
    // A retry that succeeds: the new period is paid, the grace is forgotten.
    let paid = run(&[snapshot(Active, 30, 0), snapshot(PastDue, 60, 30 * DAY), snapshot(Active, 60, 32 * DAY)]);
    assert_eq!((paid.access_until(), paid.past_due_since), (now() + Duration::days(60), None));
    // Retries ran out after three weeks: access ended with the grace.
    let expired = run(&[snapshot(Active, 30, 0), snapshot(PastDue, 60, 30 * DAY), snapshot(Expired, 60, 51 * DAY)]);
    assert_eq!(expired.status, Expired);
    assert_eq!(expired.access_until(), now() + Duration::days(37));
    assert!(!expired.renews());
    // Kept unpaid by the provider: the same, and it renews no more.
    let unpaid = run(&[snapshot(Active, 30, 0), snapshot(PastDue, 60, 30 * DAY), snapshot(Unpaid, 60, 51 * DAY)]);
    assert_eq!((unpaid.access_until(), unpaid.renews()), (now() + Duration::days(37), false));
    // Cancelled at once by the provider: access ends then, not at the period end.
    let ended_now = run(&[snapshot(Active, 30, 0), snapshot(Expired, 30, 60)]);
    assert_eq!(ended_now.access_until(), now() + Duration::minutes(60));
}

#[test]
fn cancelling_turns_renewal_off_and_access_lasts_to_the_period_end() {
    let state = run(&[snapshot(Active, 30, 0), snapshot(Canceled, 30, 5)]);
    assert_eq!(state.status, Canceled);
    assert!(!state.renews());
    assert_eq!(state.access_until(), now() + Duration::days(30));
}

#[test]
fn duplicates_and_late_events_change_nothing() {
    let active = SubscriptionState::from_snapshot(snapshot(Active, 30, 10));
    assert_eq!(active.apply(snapshot(Active, 30, 10)), Transition::Ignored, "the same event again");
    assert_eq!(active.apply(snapshot(Trialing, 3, 0)), Transition::Ignored, "an older one");
    let expired = SubscriptionState::from_snapshot(snapshot(Expired, 30, 10));
    assert_eq!(expired.apply(snapshot(Active, 60, 20)), Transition::Ignored, "an ended subscription stays ended");
    // Same instant: the later stage of life wins, whichever arrives first.
    let a = run(&[snapshot(Active, 30, 5), snapshot(Canceled, 30, 5)]);
    let b = run(&[snapshot(Canceled, 30, 5), snapshot(Active, 30, 5)]);
    assert_eq!(a, b);
    assert_eq!(a.status, Canceled);
}

#[test]
fn any_order_of_the_same_events_ends_in_the_same_state() {
    let events = [snapshot(Trialing, 3, 0), snapshot(Active, 33, 10), snapshot(PastDue, 33, 20), snapshot(Active, 63, 30), snapshot(Canceled, 63, 40)];
    let expected = run(&events);
    assert_eq!(expected.status, Canceled);
    assert_eq!(expected.access_until(), now() + Duration::days(63));
    // Every permutation of the five (120 orders).
    let mut order: Vec<usize> = (0..events.len()).collect();
    let mut seen = 0;
    permute(&mut order, 0, &mut |order| {
        let shuffled: Vec<ProviderSnapshot> = order.iter().map(|&i| events[i]).collect();
        assert_eq!(run(&shuffled), expected, "order {order:?}");
        seen += 1;
    });
    assert_eq!(seen, 120);
}

fn permute(items: &mut Vec<usize>, k: usize, visit: &mut impl FnMut(&[usize])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permute(items, k + 1, visit);
        items.swap(k, i);
    }
}

#[test]
fn statuses_read_and_write_as_the_stored_names() {
    for status in SubscriptionStatus::ALL {
        assert_eq!(SubscriptionStatus::parse(status.as_str()), Some(status));
    }
    assert_eq!(SubscriptionStatus::parse("suspended"), None);
}

#[test]
fn only_the_paying_states_give_access() {
    // Made but never paid, paused, or ended before its first payment: nothing from that moment.
    for status in [Incomplete, Paused, IncompleteExpired] {
        let state = SubscriptionState::from_snapshot(snapshot(status, 30, 60));
        assert_eq!(state.access_until(), now() + Duration::minutes(60), "{status:?}");
        assert!(!state.renews(), "{status:?}");
    }
    for status in [Trialing, Active, Canceled] {
        assert_eq!(SubscriptionState::from_snapshot(snapshot(status, 30, 60)).access_until(), now() + Duration::days(30), "{status:?}");
    }
    // Incomplete, then the first payment: the period is given; a pause takes it away until a resume.
    let started = run(&[snapshot(Incomplete, 30, 0), snapshot(Active, 30, 5)]);
    assert_eq!(started.access_until(), now() + Duration::days(30));
    let paused = run(&[snapshot(Active, 30, 0), snapshot(Paused, 30, DAY)]);
    assert_eq!(paused.access_until(), now() + Duration::days(1));
    let resumed = run(&[snapshot(Active, 30, 0), snapshot(Paused, 30, DAY), snapshot(Active, 40, 2 * DAY)]);
    assert_eq!(resumed.access_until(), now() + Duration::days(40));
    // Ended states stay ended, whatever comes later.
    for ended in [Expired, IncompleteExpired] {
        assert_eq!(SubscriptionState::from_snapshot(snapshot(ended, 30, 0)).apply(snapshot(Active, 60, 10)), Transition::Ignored);
    }
}

// Card checkout.

mod checkout {
    use super::*;
    use crate::checkout::*;
    use crate::service::CardCheckout;
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

    fn guest(email: Option<&str>) -> Buyer {
        Buyer::Guest { email: email.map(str::to_owned) }
    }

    fn card<'a>(plan: &'a str, buyer: Buyer, payment_method: Option<&'a str>) -> CardCheckout<'a> {
        CardCheckout { basket: basket(plan), buyer, payment_method, gift: None, without_trial: false }
    }

    #[test]
    fn a_member_buying_monthly_starts_the_trial_and_reads_until_it_ends() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let result = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("monthly", member(&store), Some("pm_visa"))).unwrap();
        let CheckoutResult::Complete { charge_id, plan, .. } = result else { panic!("{result:?}") };
        let plan = plan.expect("a plan");
        assert_eq!(plan.plan_id, "monthly");
        assert_eq!(plan.end_paid_date, Some(now() + Duration::days(3)), "the trial's end, then renewals extend it");
        let request = cards.subscriptions.lock().unwrap()[0].clone();
        assert_eq!((request.amount, request.trial_days, request.email.as_str()), (Cents(999), 3, "ada@example.com"));
        assert_eq!(request.idempotency_key, charge_id);
        assert_eq!(store.plan_of(ADA), Some(plan));
        let grants = store.grants();
        assert_eq!(grants.len(), 1);
        assert_eq!((grants[0].user, &grants[0].source), (ADA, &crate::access::GrantSource::Purchase { charge_id: charge_id.clone() }));
        assert_eq!(store.charges()[0].status, ChargeStatus::Paid);
    }

    /// Security III §2: an account whose address nobody confirmed buys nothing (by card or
    /// PayPal), is told so before the card form, and redeems no code; a guest still buys.
    #[test]
    fn an_account_with_an_unconfirmed_address_cannot_buy_or_redeem() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let unconfirmed = store.sign_in_unconfirmed(ADA, "ada@example.com");
        let refused = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("lifetime", Buyer::Member(unconfirmed), Some("pm_visa")));
        assert_eq!(refused.unwrap_err(), BillingError::EmailNotConfirmed);
        assert!(store.charges().is_empty() && cards.payments.lock().unwrap().is_empty(), "nothing recorded, nothing charged");
        let standing = billing.purchase_standing(Some("lifetime"), Some(unconfirmed)).unwrap();
        assert_eq!(standing.refusal, Some(crate::standing::Refusal::EmailNotConfirmed));
        assert_eq!(billing.redeem(&CountingSecrets::default(), unconfirmed, Some("ANY-CODE"), None, "1.1.1.1").unwrap_err(), BillingError::EmailNotConfirmed);
        let guest = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("lifetime", guest(Some("ada@example.com")), Some("pm_visa")));
        assert!(guest.is_ok(), "{guest:?}");
    }

    #[test]
    fn lifetime_is_one_payment_of_the_servers_total_for_life() {
        let store = InMemoryBilling::with_standard_plans();
        store.add_coupon(coupon("HALF", 50));
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let checkout = CardCheckout {
            basket: Basket { coupon_code: Some("half"), add_infographics: Some(20), ..basket("lifetime") },
            buyer: member(&store),
            payment_method: Some("pm_visa"),
            gift: None,
            without_trial: false,
        };
        let CheckoutResult::Complete { plan, .. } = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap() else { panic!() };
        assert_eq!(plan.unwrap().end_paid_date, None);
        // (14999 + 1099) / 2 = 8049
        assert_eq!(cards.payments.lock().unwrap()[0].amount, Cents(8049));
        assert_eq!(store.charges()[0].amount, Cents(8049));
        assert_eq!(store.coupon_redemptions("HALF"), 1, "counted once per paid charge");
    }

    #[test]
    fn a_decline_answers_the_providers_message_and_changes_nothing() {
        let store = InMemoryBilling::with_standard_plans();
        store.add_coupon(coupon("HALF", 50));
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let ids = CountingSecrets::default();
        let declined = billing.pay_by_card(by_card(&cards), &ids, &card("lifetime", member(&store), Some("pm_declined"))).unwrap_err();
        assert_eq!(declined.to_string(), "Your card was declined.");
        let silent = billing.pay_by_card(by_card(&cards), &ids, &card("monthly", member(&store), Some("pm_silent")));
        assert!(silent.is_err());
        let silent = billing.pay_by_card(by_card(&cards), &ids, &card("lifetime", member(&store), Some("pm_silent"))).unwrap_err();
        assert_eq!(silent.to_string(), "There was an error processing your request. Please make sure your card number is valid.");
        // Unanswered: never called a failure, the page confirms it.
        let down = billing.pay_by_card(by_card(&cards), &ids, &card("lifetime", member(&store), Some("pm_down"))).unwrap();
        assert!(matches!(down, CheckoutResult::Confirming { .. }), "{down:?}");
        let with_coupon = CardCheckout {
            basket: Basket { coupon_code: Some("HALF"), ..basket("lifetime") },
            buyer: member(&store),
            payment_method: Some("pm_declined"),
            gift: None,
            without_trial: false,
        };
        assert!(billing.pay_by_card(by_card(&cards), &ids, &with_coupon).is_err());
        // Only the unanswered one stays, initiated, for reconcile to settle.
        assert_eq!(store.charges().iter().map(|c| c.status).collect::<Vec<_>>(), [ChargeStatus::Initiated]);
        assert!(store.grants().is_empty());
        assert_eq!(store.coupon_redemptions("HALF"), 0);
    }

    #[test]
    fn guests_give_an_e_mail_and_a_card_first() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let ids = CountingSecrets::default();
        for email in [None, Some(""), Some("   ")] {
            let err = billing.pay_by_card(by_card(&cards), &ids, &card("monthly", guest(email), Some("pm_visa"))).unwrap_err();
            assert_eq!(err.to_string(), "Please input an email address. We will send your payment receipt to that email.");
        }
        assert_eq!(billing.pay_by_card(by_card(&cards), &ids, &card("monthly", guest(Some("nope")), Some("pm_visa"))).unwrap_err(), BillingError::InvalidEmail);
        let err = billing.pay_by_card(by_card(&cards), &ids, &card("monthly", guest(Some("g@example.com")), None)).unwrap_err();
        assert_eq!(err.to_string(), "There was an error processing your request. Please make sure your card number is valid.");
        store.add_plan(Plan {
            id: "quiz-results".into(),
            name: "Quiz results".into(),
            kind: PlanKind::QuizResults { quiz: "quiz".into() },
            amount: Cents(499),
            paypal_plan: None,
            book_title: None,
            course: None,
            active: true,
        });
        // A quiz report belongs to an account: guests are asked to sign in first.
        assert_eq!(
            billing.pay_by_card(by_card(&cards), &ids, &card("quiz-results", guest(Some("g@example.com")), Some("pm_visa"))).unwrap_err(),
            BillingError::AccountNeeded
        );
        assert!(cards.payments.lock().unwrap().is_empty() && cards.subscriptions.lock().unwrap().is_empty(), "nothing reached the provider");
        assert!(billing.pay_by_card(by_card(&cards), &ids, &card("quiz-results", member(&store), Some("pm_visa"))).is_ok());
    }

    #[test]
    fn a_single_book_is_charged_once_as_a_guest_and_gives_no_plan() {
        let store = InMemoryBilling::with_standard_plans();
        store.add_plan(Plan {
            id: "book-7".into(),
            name: "The Prince (PDF)".into(),
            kind: PlanKind::Book { book_id: 7 },
            amount: Cents(499),
            paypal_plan: None,
            book_title: Some("The Prince".into()),
            course: None,
            active: true,
        });
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let ids = CountingSecrets::default();
        let err = billing.pay_by_card(by_card(&cards), &ids, &card("book-7", guest(None), Some("pm_visa"))).unwrap_err();
        assert_eq!(err, BillingError::MissingEmail, "a guest gives an address for the receipt");
        let result = billing.pay_by_card(by_card(&cards), &ids, &card("book-7", guest(Some("g@example.com")), Some("pm_visa"))).unwrap();
        let CheckoutResult::Complete { charge_id, plan, .. } = result else { panic!("paid at once: {result:?}") };
        assert_eq!(plan, None, "a book gives no plan");
        let charges = store.charges();
        assert_eq!((charges.len(), charges[0].id.as_str(), charges[0].amount, charges[0].status), (1, charge_id.as_str(), Cents(499), ChargeStatus::Paid));
        assert_eq!(cards.payments.lock().unwrap().len(), 1, "one one-time payment");
        assert!(store.grants().is_empty());
        assert!(store.mail().iter().any(|m| m.to == "g@example.com" && m.subject.contains("The Prince")), "a receipt");
    }

    #[test]
    fn a_guest_purchase_attaches_to_one_account_once() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let result =
            billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("yearly", guest(Some(" G@Example.com ")), Some("pm_visa"))).unwrap();
        let CheckoutResult::Complete { charge_id, plan: None, .. } = result else { panic!("a guest gets no grant yet: {result:?}") };
        assert_eq!(store.charges()[0].email, "g@example.com");

        let later = Billing::new(&store, now() + Duration::hours(1));
        let grant = later.attach_charge(Some(&charge_id), ada(&store)).unwrap().expect("the plan");
        assert_eq!(grant.plan_id, "yearly");
        assert_eq!(grant.end_paid_date, Some(now() + Duration::days(3)), "the subscription's own period, not from the attach time");
        assert_eq!(later.attach_charge(Some(&charge_id), ada(&store)).unwrap(), Some(grant.clone()), "twice by the same member: nothing more");
        assert_eq!(later.attach_charge(Some(&charge_id), bob(&store)).unwrap_err(), BillingError::ChargeTaken);
        assert_eq!(later.attach_charge(Some("ch_404"), ada(&store)).unwrap_err(), BillingError::UnknownCharge);
        assert_eq!(later.attach_charge(None, ada(&store)).unwrap_err(), BillingError::UnknownCharge);
        assert_eq!(store.grants().len(), 1);
    }

    #[test]
    fn three_d_secure_completes_only_when_the_provider_says_paid() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let result = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("lifetime", member(&store), Some("pm_3ds"))).unwrap();
        let CheckoutResult::RequiresAction { charge_id, client_secret } = result else { panic!("{result:?}") };
        assert!(client_secret.ends_with("_secret"));
        assert!(store.grants().is_empty(), "nothing until the bank agrees");
        assert_eq!(
            billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(ada(&store))).unwrap_err(),
            BillingError::StillRequiresAction
        );
        assert_eq!(
            billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(bob(&store))).unwrap_err(),
            BillingError::UnknownCharge,
            "not the buyer"
        );
        cards.approve(&store.charges()[0].reference);
        let CheckoutResult::Complete { plan, .. } =
            billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(ada(&store))).unwrap()
        else {
            panic!()
        };
        assert_eq!(plan.unwrap().end_paid_date, None);
        assert_eq!(store.grants().len(), 1);
        // Confirming again is harmless.
        assert!(billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(ada(&store))).is_ok());
        assert_eq!(store.grants().len(), 1);
    }

    #[test]
    fn a_subscription_behind_three_d_secure_starts_once_approved() {
        let store = InMemoryBilling::with_standard_plans();
        let cards = FakeCards::new(now());
        let billing = Billing::new(&store, now());
        let CheckoutResult::RequiresAction { charge_id, .. } =
            billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &card("monthly", member(&store), Some("pm_3ds"))).unwrap()
        else {
            panic!()
        };
        assert!(matches!(
            billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(ada(&store))).unwrap_err(),
            BillingError::Declined(_)
        ));
        cards.approve(&store.charges()[0].reference);
        let CheckoutResult::Complete { plan, .. } =
            billing.confirm_card_payment(by_card(&cards), &CountingSecrets::default(), Some(&charge_id), Some(ada(&store))).unwrap()
        else {
            panic!()
        };
        assert_eq!(plan.unwrap().end_paid_date, Some(now() + Duration::days(3)));
    }
}

mod add_ons;
mod codes;
mod coupons;
mod events;
mod paypal;
mod reconcile;
