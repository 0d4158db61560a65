//! Coupons: amounts off, one use per member, uses claimed at checkout and given back by a
//! decline, wrong guesses throttled, and the site's offer.

use super::*;
use crate::checkout::*;
use crate::service::{CardCheckout, CouponGuesser, COUPON_GUESSES};

fn guest_checkout<'a>(plan: &'a str, code: &'a str, email: &str, card: &'a str) -> CardCheckout<'a> {
    CardCheckout {
        basket: Basket { coupon_code: Some(code), ..basket(plan) },
        buyer: Buyer::Guest { email: Some(email.to_owned()) },
        payment_method: Some(card),
        gift: None,
        without_trial: false,
    }
}

#[test]
fn an_amount_off_takes_that_much_and_never_more_than_the_price() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(Coupon { percent_off: 0, amount_off: Cents(1000), ..coupon("TENOFF", 0) });
    store.add_coupon(Coupon { percent_off: 0, amount_off: Cents(99_999), ..coupon("ALL", 0) });
    let billing = Billing::new(&store, now());
    let lifetime = billing.quote(&Basket { coupon_code: Some("tenoff"), ..basket("lifetime") }).unwrap();
    assert_eq!((lifetime.discount, lifetime.total, lifetime.percent_off), (Cents(1000), Cents(13_999), 0));
    let monthly = billing.quote(&Basket { coupon_code: Some("TENOFF"), add_infographics: Some(20), ..basket("monthly") }).unwrap();
    assert_eq!(monthly.total, Cents(999 + 1099 - 1000));
    assert_eq!(monthly.recurring, Some(Cents(0)), "each period: $9.99 less $10.00 is nothing, never below");
    let free = billing.quote(&Basket { coupon_code: Some("ALL"), ..basket("gift") }).unwrap();
    assert_eq!(free.total, Cents(0));
}

#[test]
fn parallel_checkouts_never_pass_a_coupons_limit_and_a_decline_gives_its_use_back() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(Coupon { max_redemptions: Some(2), ..coupon("TWO", 50) });
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let ids = CountingSecrets::default();
    let declined = billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "TWO", "a@example.com", "pm_declined"));
    assert!(matches!(declined, Err(BillingError::Declined(_))), "{declined:?}");
    assert_eq!(store.coupon_redemptions("TWO"), 0, "a declined card used nothing");
    for email in ["a@example.com", "b@example.com"] {
        billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "TWO", email, "pm_visa")).unwrap();
    }
    let third = billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "TWO", "c@example.com", "pm_visa")).unwrap_err();
    assert_eq!(third, BillingError::CouponUsedUp);
    assert_eq!(store.coupon_redemptions("TWO"), 2);
    assert!(cards.payments.lock().unwrap().iter().all(|p| p.email != "c@example.com"), "the third buyer's card was never asked");
}

#[test]
fn a_once_per_member_coupon_serves_each_address_once() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(Coupon { once_per_member: true, ..coupon("ONCE", 20) });
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let ids = CountingSecrets::default();
    billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "ONCE", "Ada@Example.com", "pm_visa")).unwrap();
    let again = billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "ONCE", " ADA@example.com ", "pm_visa")).unwrap_err();
    assert_eq!(again, BillingError::CouponAlreadyUsed);
    assert_eq!(again.to_string(), "You have already used this coupon.");
    billing.pay_by_card(by_card(&cards), &ids, &guest_checkout("lifetime", "ONCE", "bob@example.com", "pm_visa")).unwrap();
    // The check before paying says so too, for a signed-in member.
    store.sign_in(kernel::UserId(7), "ada@example.com");
    let ada = CouponGuesser { address: "10.0.0.1", member: Some(kernel::UserId(7)) };
    assert_eq!(billing.coupon(Some("once"), Some("lifetime"), ada).unwrap_err(), BillingError::CouponAlreadyUsed);
}

#[test]
fn wrong_coupon_guesses_are_throttled_per_address_and_per_member_even_for_a_right_code() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_coupon(coupon("REAL", 10));
    let billing = Billing::new(&store, now());
    let from_one_address = CouponGuesser { address: "10.0.0.1", member: None };
    for n in 0..COUPON_GUESSES {
        assert_eq!(billing.coupon(Some(&format!("GUESS{n}")), Some("lifetime"), from_one_address).unwrap_err(), BillingError::UnknownCoupon);
    }
    // Right or wrong, nothing is looked up for that address any more.
    assert_eq!(billing.coupon(Some("REAL"), Some("lifetime"), from_one_address).unwrap_err(), BillingError::TooManyCouponGuesses);
    let quoted = billing.quote(&Basket { coupon_code: Some("REAL"), guesser: Some(from_one_address), ..basket("lifetime") });
    assert_eq!(quoted.unwrap_err(), BillingError::TooManyCouponGuesses);
    // Another address is not affected; a right code costs nothing.
    let other = CouponGuesser { address: "10.0.0.2", member: Some(kernel::UserId(5)) };
    assert_eq!(billing.coupon(Some("REAL"), Some("lifetime"), other).unwrap().0.code, "REAL");
    // A member who moves between addresses is counted as one.
    for n in 0..COUPON_GUESSES {
        let address = format!("10.0.1.{n}");
        billing.coupon(Some("NOPE"), Some("lifetime"), CouponGuesser { address: &address, member: Some(kernel::UserId(5)) }).unwrap_err();
    }
    let fresh_address = CouponGuesser { address: "10.0.2.1", member: Some(kernel::UserId(5)) };
    assert_eq!(billing.coupon(Some("REAL"), Some("lifetime"), fresh_address).unwrap_err(), BillingError::TooManyCouponGuesses);
    // After the window, guessing may start again.
    let later = Billing::new(&store, now() + Duration::minutes(16));
    assert_eq!(later.coupon(Some("REAL"), Some("lifetime"), from_one_address).unwrap().0.code, "REAL");
}

#[test]
fn the_site_offer_is_announced_only_while_it_runs() {
    let store = InMemoryBilling::with_standard_plans();
    let billing = Billing::new(&store, now());
    assert_eq!(billing.site_offer().unwrap(), None, "no offer, no banner");
    store.add_coupon(Coupon { site_offer: true, valid_until: Some(now() + Duration::days(3)), ..coupon("SPRING40", 40) });
    assert_eq!(billing.site_offer().unwrap().map(|c| c.percent_off), Some(40));
    assert_eq!(Billing::new(&store, now() + Duration::days(3)).site_offer().unwrap(), None, "past its last moment");
    let ended = InMemoryBilling::with_standard_plans();
    ended.add_coupon(Coupon { site_offer: true, ended_at: Some(now()), ..coupon("OVER", 40) });
    assert_eq!(Billing::new(&ended, now()).site_offer().unwrap(), None);
    let early = InMemoryBilling::with_standard_plans();
    early.add_coupon(Coupon { site_offer: true, valid_from: Some(now() + Duration::days(1)), ..coupon("SOON", 40) });
    assert_eq!(Billing::new(&early, now()).site_offer().unwrap(), None);
}

#[test]
fn operators_coupons_are_checked_before_they_are_stored() {
    let good = Coupon::percent("SPRING-40", 40);
    assert_eq!(good.validate(), Ok(()));
    assert_eq!(Coupon::percent("AB", 10).validate(), Err(CouponProblem::Code));
    assert_eq!(Coupon::percent("HAS SPACE", 10).validate(), Err(CouponProblem::Code));
    assert_eq!(Coupon::percent("NOTHING", 0).validate(), Err(CouponProblem::Discount));
    assert_eq!(Coupon { amount_off: Cents(500), ..good.clone() }.validate(), Err(CouponProblem::Discount), "not both");
    assert_eq!(Coupon { percent_off: 0, amount_off: Cents(500), ..good.clone() }.validate(), Ok(()));
    assert_eq!(Coupon::percent("MUCH", 101).validate(), Err(CouponProblem::Discount));
    assert_eq!(Coupon { valid_from: Some(now()), valid_until: Some(now()), ..good.clone() }.validate(), Err(CouponProblem::Dates));
    assert_eq!(Coupon { max_redemptions: Some(0), ..good }.validate(), Err(CouponProblem::MaxRedemptions));
}
