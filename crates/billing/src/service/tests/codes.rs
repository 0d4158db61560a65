//! Gifts bought and delivered, and codes redeemed.

use super::*;
use crate::access::{GrantSource, NewGrant};
use crate::checkout::*;
use crate::codes::{CodeKind, GiftDetails};
use crate::ports::GrantBook;
use crate::service::CardCheckout;
use kernel::UserId;

const ADA: UserId = UserId(7);
const GRACE: UserId = UserId(9);

fn gift(recipient: Option<&str>) -> GiftDetails {
    GiftDetails { sender_name: "Ada".into(), recipient_name: "Grace".into(), recipient_email: recipient.map(str::to_owned), message: "Happy birthday!".into() }
}

/// Buys a gift as `buyer`; the code from the mail it sent.
fn buy_gift(store: &InMemoryBilling, buyer: Buyer, details: GiftDetails) -> String {
    let cards = FakeCards::new(now());
    let billing = Billing::new(store, now()).with_site("https://gistbook.test");
    let checkout = CardCheckout { basket: basket("gift"), buyer, payment_method: Some("pm_visa"), gift: Some(details), without_trial: false };
    let result = billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap();
    assert!(matches!(result, CheckoutResult::Complete { plan: None, .. }), "a gift gives its buyer nothing: {result:?}");
    let mail = store.mail().into_iter().find(|m| m.subject.contains("sent you a year")).expect("the gift mail");
    mail.text_body.lines().find_map(|l| l.strip_prefix("Your gift code: ")).unwrap().to_owned()
}

#[test]
fn a_gift_code_goes_to_the_recipient_with_the_message_and_the_buyer_gets_the_receipt() {
    let store = InMemoryBilling::with_standard_plans();
    let buyer = Buyer::Guest { email: Some("ada@example.com".into()) };
    let code = buy_gift(&store, buyer, gift(Some("grace@example.com")));
    let mail = store.mail();
    let to_grace = mail.iter().find(|m| m.to == "grace@example.com").unwrap();
    assert!(to_grace.text_body.contains("Hello Grace") && to_grace.text_body.contains("Ada has given you") && to_grace.text_body.contains("Happy birthday!"));
    assert!(to_grace.text_body.contains(&format!("https://gistbook.test/subscriptioncode/{code}")));
    let receipt = mail.iter().find(|m| m.to == "ada@example.com" && m.subject.starts_with("Your Gistbook receipt")).expect("the receipt");
    assert!(!receipt.text_body.contains("chargeId"), "a gift gives its buyer nothing to attach: {}", receipt.text_body);
    let copy = mail.iter().find(|m| m.to == "ada@example.com" && m.subject == "Copy: Ada sent you a year of Gistbook Premium").expect("the buyer's copy");
    assert!(copy.text_body.starts_with("A copy of the gift you sent to grace@example.com.") && copy.text_body.contains(&code));
    let codes = store.codes();
    assert_eq!(codes.len(), 1);
    assert_eq!((codes[0].0.kind, codes[0].0.duration_days, codes[0].0.shown.clone()), (CodeKind::Gift, Some(365), None), "stored as a digest only");
    assert_eq!(store.charges()[0].amount, Cents(4499));
}

#[test]
fn without_a_recipient_address_the_code_goes_to_the_buyer_and_someone_must_have_an_address() {
    let store = InMemoryBilling::with_standard_plans();
    buy_gift(&store, Buyer::Guest { email: Some("ada@example.com".into()) }, gift(None));
    assert!(store.mail().iter().any(|m| m.to == "ada@example.com" && m.subject.contains("sent you a year")));
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let nobody = CardCheckout {
        basket: basket("gift"),
        buyer: Buyer::Guest { email: None },
        payment_method: Some("pm_visa"),
        gift: Some(gift(None)),
        without_trial: false,
    };
    assert_eq!(billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &nobody).unwrap_err(), BillingError::GiftNeedsAddress);
    // A guest may leave their own address out when the recipient's is given.
    let anonymous = CardCheckout { gift: Some(gift(Some("grace@example.com"))), ..nobody };
    assert!(billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &anonymous).is_ok());
}

#[test]
fn a_code_is_redeemed_once_and_extends_the_members_plan() {
    let store = InMemoryBilling::with_standard_plans();
    let code = buy_gift(&store, Buyer::Guest { email: Some("ada@example.com".into()) }, gift(Some("grace@example.com")));
    let grace = store.sign_in(GRACE, "grace@example.com");
    let billing = Billing::new(&store, now());
    let secrets = CountingSecrets::default();
    // Grace already has 10 days of a monthly plan.
    let monthly =
        NewGrant { user: GRACE, plan_id: "monthly".into(), source: GrantSource::Operator, starts_at: now(), ends_at: Some(now() + Duration::days(10)) };
    store.add_grant(&monthly, now()).unwrap();
    let redeemed = billing.redeem(&secrets, grace, Some(&code.to_lowercase()), None, "10.0.0.1").unwrap();
    assert_eq!(redeemed.kind, CodeKind::Gift);
    assert_eq!(redeemed.plan.end_paid_date, Some(now() + Duration::days(375)));
    assert_eq!(store.plan_of(GRACE).unwrap().plan_id, "gift");
    let ada = store.sign_in(ADA, "ada@example.com");
    assert_eq!(billing.redeem(&secrets, ada, Some(&code), None, "10.0.0.2").unwrap_err(), BillingError::InvalidCode, "once only");
    assert_eq!(billing.redeem(&secrets, ada, Some("  "), None, "10.0.0.2").unwrap_err(), BillingError::MissingCode);
}

#[test]
fn a_page_for_one_kind_takes_only_that_kind_and_lifetime_codes_give_life() {
    let store = InMemoryBilling::with_standard_plans();
    store.add_code("STACK-0001", CodeKind::StackSocial, "lifetime", None);
    store.add_code("GIFT-0001", CodeKind::Gift, "gift", Some(365));
    let ada = store.sign_in(ADA, "ada@example.com");
    let billing = Billing::new(&store, now());
    let secrets = CountingSecrets::default();
    assert_eq!(billing.redeem(&secrets, ada, Some("gift-0001"), Some(CodeKind::StackSocial), "ip").unwrap_err(), BillingError::InvalidCode);
    let life = billing.redeem(&secrets, ada, Some("stack 0001"), Some(CodeKind::StackSocial), "ip").unwrap();
    assert_eq!(life.plan.end_paid_date, None);
    // For life already: the gift code is kept for someone else (not used up).
    assert_eq!(billing.redeem(&secrets, ada, Some("GIFT-0001"), None, "ip").unwrap_err(), BillingError::AlreadyForLife);
    assert!(store.codes().iter().any(|(_, r)| r.kind == CodeKind::Gift && r.usable()));
}

#[test]
fn code_attempts_are_limited_per_address() {
    let store = InMemoryBilling::with_standard_plans();
    let ada = store.sign_in(ADA, "ada@example.com");
    let billing = Billing::new(&store, now());
    let secrets = CountingSecrets::default();
    for _ in 0..10 {
        assert_eq!(billing.redeem(&secrets, ada, Some("GUESS"), None, "6.6.6.6").unwrap_err(), BillingError::InvalidCode);
    }
    assert_eq!(billing.redeem(&secrets, ada, Some("GUESS"), None, "6.6.6.6").unwrap_err(), BillingError::Throttled);
    assert_eq!(billing.redeem(&secrets, ada, Some("GUESS"), None, "7.7.7.7").unwrap_err(), BillingError::InvalidCode, "per address");
}

/// A guest buys `n` gifts in one purchase; the codes listed in the mail to the recipient.
fn buy_gifts(store: &InMemoryBilling, n: i64, details: GiftDetails) -> Vec<String> {
    let cards = FakeCards::new(now());
    let billing = Billing::new(store, now()).with_site("https://gistbook.test");
    let checkout = CardCheckout {
        basket: Basket { quantity: Some(n), ..basket("gift") },
        buyer: Buyer::Guest { email: Some("ada@example.com".into()) },
        payment_method: Some("pm_visa"),
        gift: Some(details),
        without_trial: false,
    };
    billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap();
    let mail = store.mail().into_iter().find(|m| m.subject == format!("Ada sent you {n} gifts of Gistbook Premium")).expect("the gifts' mail");
    listed_codes(&mail.text_body)
}

/// The codes under "Your gift codes:", one a line up to the first empty line.
fn listed_codes(body: &str) -> Vec<String> {
    let list = body.split_once("Your gift codes:\n\n").expect("a list of codes").1;
    list.lines().take_while(|l| !l.is_empty()).map(|l| l.split_whitespace().next().unwrap().to_owned()).collect()
}

#[test]
fn several_gifts_make_one_code_each_listed_in_one_mail_with_a_copy_for_the_buyer() {
    let store = InMemoryBilling::with_standard_plans();
    let codes = buy_gifts(&store, 3, gift(Some("grace@example.com")));
    assert_eq!(codes.len(), 3);
    assert!(codes[0] != codes[1] && codes[1] != codes[2] && codes[0] != codes[2], "{codes:?}");
    let mail = store.mail();
    let to_grace = mail.iter().find(|m| m.to == "grace@example.com").unwrap();
    assert!(to_grace.text_body.contains("Ada has given you 3 gifts of a year of Gistbook Premium each") && to_grace.text_body.contains("Happy birthday!"));
    assert!(!to_grace.text_body.contains("Your gift code: "), "{}", to_grace.text_body);
    for code in &codes {
        assert!(to_grace.text_body.contains(&format!("{code}  https://gistbook.test/subscriptioncode/{code}\n")), "{}", to_grace.text_body);
    }
    let copy = mail.iter().find(|m| m.to == "ada@example.com" && m.subject.starts_with("Copy: ")).expect("the buyer's copy");
    assert!(copy.text_body.starts_with("A copy of the 3 gifts you sent to grace@example.com."), "{}", copy.text_body);
    assert_eq!(listed_codes(&copy.text_body), codes);
    let receipt = mail.iter().find(|m| m.subject.starts_with("Your Gistbook receipt")).unwrap();
    assert!(receipt.text_body.contains("Item:      Gift: one year of Premium x 3"), "{}", receipt.text_body);

    let charge = &store.charges()[0];
    assert_eq!((charge.quantity, charge.amount), (3, Cents(3 * 4499)));
    let stored = store.codes();
    assert_eq!(stored.len(), 3);
    for (new, _) in &stored {
        assert_eq!((new.kind, new.duration_days, new.shown.clone()), (CodeKind::Gift, Some(365), None), "stored as a digest only");
        assert_eq!(new.charge_id.as_ref(), Some(&charge.id));
    }
}

#[test]
fn several_gifts_to_the_buyer_come_without_a_copy() {
    let store = InMemoryBilling::with_standard_plans();
    let codes = buy_gifts(&store, 2, gift(None));
    assert_eq!(codes.len(), 2);
    let mail = store.mail();
    assert!(mail.iter().all(|m| !m.subject.starts_with("Copy: ")));
    assert_eq!(mail.iter().filter(|m| m.to == "ada@example.com").count(), 2, "the gifts and the receipt");
}

#[test]
fn each_of_several_gift_codes_works_once_and_a_refund_takes_them_all_back() {
    let store = InMemoryBilling::with_standard_plans();
    let codes = buy_gifts(&store, 3, gift(Some("grace@example.com")));
    let billing = Billing::new(&store, now());
    let secrets = CountingSecrets::default();
    let grace = store.sign_in(GRACE, "grace@example.com");
    let ada = store.sign_in(ADA, "ada@example.com");
    billing.redeem(&secrets, grace, Some(&codes[0]), None, "10.0.0.1").unwrap();
    assert_eq!(billing.redeem(&secrets, ada, Some(&codes[0]), None, "10.0.0.2").unwrap_err(), BillingError::InvalidCode, "once only");
    assert_eq!(billing.redeem(&secrets, ada, Some(&codes[1]), None, "10.0.0.2").unwrap().plan.end_paid_date, Some(now() + Duration::days(365)));

    let charge = store.charges()[0].clone();
    billing.take_back(&charge, crate::access::Revocation::Refund).unwrap();
    assert!(store.codes().iter().all(|(_, record)| !record.usable()), "the code nobody redeemed is revoked");
    assert_eq!(billing.redeem(&secrets, grace, Some(&codes[2]), None, "10.0.0.1").unwrap_err(), BillingError::InvalidCode);
    assert!(store.grants().iter().all(|g| g.revoked.is_some()), "both redeemed years end");
}

/// Ada buys `n` seats as a member; her session.
fn buy_seats(store: &InMemoryBilling, n: i64) -> kernel::Session {
    let ada = store.sign_in(ADA, "ada@example.com");
    let cards = FakeCards::new(now());
    let billing = Billing::new(store, now()).with_site("https://gistbook.test");
    let checkout = CardCheckout {
        basket: Basket { quantity: Some(n), ..basket("bulk") },
        buyer: Buyer::Member(ada),
        payment_method: Some("pm_visa"),
        gift: None,
        without_trial: false,
    };
    billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &checkout).unwrap();
    ada
}

#[test]
fn seats_are_bought_twenty_or_more_listed_for_their_buyer_and_mailed_as_a_list() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let ada = store.sign_in(ADA, "ada@example.com");
    let few = CardCheckout {
        basket: Basket { quantity: Some(19), ..basket("bulk") },
        buyer: Buyer::Member(ada),
        payment_method: Some("pm_visa"),
        gift: None,
        without_trial: false,
    };
    assert_eq!(billing.pay_by_card(by_card(&cards), &CountingSecrets::default(), &few).unwrap_err().to_string(), "Please choose a quantity >= 20");
    let ada = buy_seats(&store, 25);
    assert_eq!(store.charges()[0].amount, Cents(25 * 2999));
    let seats = billing.seats(ada).unwrap();
    assert_eq!(seats.len(), 25);
    assert!(seats.iter().all(|s| s.state() == crate::codes::SeatState::Free && !s.code.is_empty()));
    let list = store.mail().into_iter().find(|m| m.subject == "Your 25 Gistbook team seats").unwrap();
    assert!(seats.iter().all(|s| list.text_body.contains(&s.code)));
    let grace = store.sign_in(GRACE, "grace@example.com");
    assert!(billing.seats(grace).unwrap().is_empty(), "another member sees none");
}

#[test]
fn a_seat_is_invited_revoked_and_replaced_only_by_its_owner_and_redeemed_once() {
    let store = InMemoryBilling::with_standard_plans();
    let ada = buy_seats(&store, 20);
    let billing = Billing::new(&store, now()).with_site("https://gistbook.test");
    let secrets = CountingSecrets::default();
    let seats = billing.seats(ada).unwrap();
    let grace = store.sign_in(GRACE, "grace@example.com");
    assert_eq!(billing.invite_seat(grace, seats[0].id, Some("x@example.com")).unwrap_err(), BillingError::SeatNotFound, "not Grace's seat");
    assert_eq!(billing.invite_seat(ada, seats[0].id, Some("nope")).unwrap_err(), BillingError::InvalidEmail);
    let invited = billing.invite_seat(ada, seats[0].id, Some("Grace@Example.com")).unwrap();
    assert_eq!(invited.invited_email.as_deref(), Some("grace@example.com"));
    let invitation = store.mail().into_iter().find(|m| m.to == "grace@example.com").unwrap();
    assert!(invitation.text_body.contains(&format!("https://gistbook.test/subscriptioncode/{}", seats[0].code)));

    // Grace redeems hers; Ada revokes another, which a new code replaces.
    let redeemed = billing.redeem(&secrets, grace, Some(&seats[0].code), None, "ip").unwrap();
    assert_eq!((redeemed.kind, redeemed.plan.plan_id.as_str()), (CodeKind::Seat, "bulk"));
    assert_eq!(billing.revoke_seat(&secrets, ada, seats[0].id).unwrap_err(), BillingError::SeatTaken, "a redeemed seat stays");
    let after = billing.revoke_seat(&secrets, ada, seats[1].id).unwrap();
    assert_eq!(after.len(), 21);
    assert_eq!(after.iter().filter(|s| s.state() == crate::codes::SeatState::Revoked).count(), 1);
    assert_eq!(billing.redeem(&secrets, grace, Some(&seats[1].code), None, "ip").unwrap_err(), BillingError::InvalidCode, "a revoked code is dead");
    assert_eq!(billing.invite_seat(ada, seats[1].id, Some("x@example.com")).unwrap_err(), BillingError::SeatTaken);
}

/// Security III §8: seat invitations are bounded per seat and per purchase each day.
#[test]
fn seat_invitations_are_limited_per_seat_and_per_purchase_each_day() {
    let store = InMemoryBilling::with_standard_plans();
    let ada = buy_seats(&store, 20);
    let billing = Billing::new(&store, now()).with_site("https://gistbook.test");
    let seats = billing.seats(ada).unwrap();
    for n in 0..crate::service::codes::SEAT_INVITES_PER_SEAT_PER_DAY {
        billing.invite_seat(ada, seats[0].id, Some(&format!("colleague{n}@example.com"))).unwrap();
    }
    assert_eq!(billing.invite_seat(ada, seats[0].id, Some("again@example.com")).unwrap_err(), BillingError::TooManySeatInvites);
    let tomorrow = Billing::new(&store, now() + Duration::days(1) + Duration::minutes(1)).with_site("https://gistbook.test");
    assert!(tomorrow.invite_seat(ada, seats[0].id, Some("again@example.com")).is_ok(), "a day later");

    // A team of 100: three invitations of every seat would be 300; the purchase stops at 250.
    let store = InMemoryBilling::with_standard_plans();
    let boss = buy_seats(&store, 100);
    let billing = Billing::new(&store, now()).with_site("https://gistbook.test");
    let seats = billing.seats(boss).unwrap();
    let per_seat = crate::service::codes::SEAT_INVITES_PER_SEAT_PER_DAY as usize;
    let per_purchase = crate::service::codes::SEAT_INVITES_PER_PURCHASE_PER_DAY as usize;
    for n in 0..per_purchase {
        billing.invite_seat(boss, seats[n / per_seat].id, Some("someone@example.com")).unwrap();
    }
    let fresh = &seats[per_purchase / per_seat + 1];
    assert_eq!(billing.invite_seat(boss, fresh.id, Some("one-more@example.com")).unwrap_err(), BillingError::TooManySeatInvites);
}
