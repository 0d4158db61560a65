use super::*;
use crate::fakes::InMemoryReferrals;
use crate::invite::InviteForm;
use chrono::TimeZone;

const SITE: &str = "https://gistbook.app/";

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
}

fn invite<'a>(email: &'a str) -> InviteForm<'a> {
    InviteForm { your_name: Some("Ann"), friend_name: Some("Bo"), friend_email: Some(email) }
}

#[test]
fn a_member_keeps_one_referral_id_made_on_first_use() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    // The first id made collides with one taken: another is made.
    store.next_ids.borrow_mut().extend(["taken".to_owned(), "taken".to_owned(), "fresh".to_owned()]);
    let referrals = Referrals::new(&store, now(), SITE);
    assert_eq!(referrals.referral_id(bo).unwrap(), "taken");
    assert_eq!(referrals.referral_id(ann).unwrap(), "fresh");
    assert_eq!(referrals.referral_id(ann).unwrap(), "fresh");
    assert_eq!(referrals.link("fresh"), "https://gistbook.app/r/fresh");
}

#[test]
fn a_new_member_is_referred_once_by_the_owner_of_a_known_id_and_never_by_themselves() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let cy = store.add_member(3, "cy@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let anns = referrals.referral_id(ann).unwrap();
    let cys = referrals.referral_id(cy).unwrap();

    assert!(!referrals.attribute(bo, None).unwrap());
    assert!(!referrals.attribute(bo, Some("unknown-id")).unwrap());
    assert!(!referrals.attribute(bo, Some("x'; --")).unwrap());
    assert!(!referrals.attribute(ann, Some(&anns)).unwrap(), "no one refers themselves");
    assert!(referrals.attribute(bo, Some(&format!(" {anns} "))).unwrap());
    assert!(!referrals.attribute(bo, Some(&cys)).unwrap(), "the first referrer stays");
    assert_eq!((store.referrer_of(bo), store.referrer_of(ann)), (Some(ann), None));
}

#[test]
fn the_stats_count_referred_and_paying_members_and_the_ledger() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let id = referrals.referral_id(ann).unwrap();
    for n in 2..=5 {
        let friend = store.add_member(n, &format!("f{n}@example.com"));
        referrals.attribute(friend, Some(&id)).unwrap();
    }
    store.make_premium(UserId(2), None);
    store.make_premium(UserId(3), Some(now() + chrono::Duration::days(30)));
    store.make_premium(UserId(4), Some(now() - chrono::Duration::days(1)));
    store.ledger.borrow_mut().extend([(ann, 2_500), (ann, -2_500), (ann, 1_125), (UserId(9), 700)]);
    assert_eq!(referrals.stats(ann).unwrap(), ReferralStats { link: format!("https://gistbook.app/r/{id}"), referral_id: id, referred: 4, paying: 2, earned_cents: 1_125 });
}

#[test]
fn the_first_invite_unlocks_a_summary_and_mails_the_link() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let sent = referrals.invite(ann, &invite(" Bo@Example.com ")).unwrap();
    assert_eq!(sent, InviteSent { friend_email: "bo@example.com".into(), first_invite: true });
    let again = referrals.invite(ann, &invite("dee@example.com")).unwrap();
    assert!(!again.first_invite);
    assert_eq!(store.friend_email_of(ann).as_deref(), Some("bo@example.com"));
    let mail = store.mail.borrow();
    let link = format!("https://gistbook.app/r/{}", referrals.referral_id(ann).unwrap());
    assert_eq!(mail.len(), 2);
    assert!(mail[0].text_body.contains(&link), "{}", mail[0].text_body);
}

#[test]
fn invites_to_oneself_or_members_or_too_many_are_refused_and_send_nothing() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    store.add_member(2, "bo@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    assert_eq!(referrals.invite(ann, &invite("ANN@example.com")), Err(ReferralError::InvitingYourself));
    assert_eq!(referrals.invite(ann, &invite("bo@example.com")), Err(ReferralError::AlreadyAMember));
    assert_eq!(referrals.invite(ann, &invite("nope")), Err(ReferralError::InvalidInvite("Please enter a valid email address.")));
    assert_eq!(referrals.invite(UserId(99), &invite("x@example.com")), Err(ReferralError::MemberNotFound));
    assert!(store.mail.borrow().is_empty());
    assert_eq!(store.friend_email_of(ann), None);

    // The refused member invite counted: 19 more today, then no more until a day has passed.
    for n in 0..(INVITES_PER_DAY - 1) {
        referrals.invite(ann, &invite(&format!("f{n}@example.com"))).unwrap();
    }
    assert_eq!(referrals.invite(ann, &invite("late@example.com")), Err(ReferralError::TooManyInvites));
    let tomorrow = Referrals::new(&store, now() + chrono::Duration::hours(25), SITE);
    tomorrow.invite(ann, &invite("late@example.com")).unwrap();
}

#[test]
fn a_referred_members_payments_credit_the_referrer_once_and_refunds_reverse_exactly() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let cy = store.add_member(3, "cy@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let id = referrals.referral_id(ann).unwrap();
    referrals.attribute(bo, Some(&id)).unwrap();
    store.charges.borrow_mut().extend([
        ("ch_1".to_owned(), bo, 9_999, false),
        ("ch_2".to_owned(), bo, 1_099, false),
        // Not referred: nobody is credited.
        ("ch_3".to_owned(), cy, 4_499, false),
    ]);
    assert_eq!(referrals.settle_commissions().unwrap(), (2, 0));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 2_500 + 275);
    // A second run (a duplicate webhook, a restart) adds nothing.
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));

    store.charges.borrow_mut()[0].3 = true;
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 1));
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 275);
    assert_eq!(store.entries.borrow().iter().map(|e| e.amount_cents).collect::<Vec<_>>(), vec![2_500, 275, -2_500], "append-only: the credit stays, a reversal follows");
    assert_eq!(referrals.stats(cy).unwrap().earned_cents, 0);
}
