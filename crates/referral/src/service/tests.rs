use super::*;
use crate::affiliate::{AffiliateFilter, ApplicationForm};
use crate::commission::CreditStatus;
use crate::fakes::{FakeCharge, InMemoryReferrals};
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
fn links_kept_at_sign_up_are_attributed_once_each_then_settled_whatever_they_name() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let cy = store.add_member(3, "cy@example.com");
    let dee = store.add_member(4, "dee@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let anns = referrals.referral_id(ann).unwrap();
    store.sign_up_referrals.borrow_mut().extend([(bo, anns.clone()), (cy, "unknown-id".to_owned()), (ann, anns.clone()), (dee, anns.clone())]);

    // Right after one sign-up: that member's link only.
    assert_eq!(referrals.settle_sign_up_referrals(Some(dee)).unwrap(), 1);
    assert_eq!((store.referrer_of(dee), store.referrer_of(bo)), (Some(ann), None));
    // The job's pass: every one left; an unknown link and one's own are settled unattributed.
    assert_eq!(referrals.settle_sign_up_referrals(None).unwrap(), 1);
    assert_eq!((store.referrer_of(bo), store.referrer_of(cy), store.referrer_of(ann)), (Some(ann), None, None));
    assert!(store.sign_up_referrals.borrow().is_empty(), "all settled");
    assert_eq!(referrals.settle_sign_up_referrals(None).unwrap(), 0, "nothing twice");
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
    let long_ago = now() - chrono::Duration::days(60);
    store.ledger.borrow_mut().extend([(ann, 2_500, long_ago), (ann, -2_500, long_ago), (ann, 1_125, long_ago), (UserId(9), 700, long_ago)]);
    assert_eq!(
        referrals.stats(ann).unwrap(),
        ReferralStats {
            link: format!("https://gistbook.app/r/{id}"),
            referral_id: id,
            referred: 4,
            paying: 2,
            earned_cents: 1_125,
            pending_cents: 0,
            available_cents: 1_125,
            refers: [(5, false), (4, false), (3, true), (2, true)]
                .map(|(_, paying)| Refer { joined_at: now(), paying, earned_cents: 0, pending_cents: 0, status: CreditStatus::None })
                .to_vec(),
        }
    );
}

#[test]
fn the_stats_list_each_referred_member_with_what_their_payments_earned_and_whether_it_is_pending() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let cy = store.add_member(3, "cy@example.com");
    let dee = store.add_member(4, "dee@example.com");
    let earlier = now() - chrono::Duration::days(40);
    let then = Referrals::new(&store, earlier, SITE);
    let id = then.referral_id(ann).unwrap();
    then.attribute(bo, Some(&id)).unwrap();
    store.make_premium(bo, None);
    // Bo paid 40 days ago: out of the refund window now.
    store.charges.borrow_mut().push(FakeCharge::premium("ch_bo", bo, 9_999));
    assert_eq!(then.settle_commissions().unwrap(), (1, 0));

    let referrals = Referrals::new(&store, now(), SITE);
    referrals.attribute(cy, Some(&id)).unwrap();
    // Cy pays today; Dee, whom nobody referred, too.
    store.charges.borrow_mut().extend([FakeCharge::premium("ch_cy", cy, 4_499), FakeCharge::premium("ch_dee", dee, 4_499)]);
    assert_eq!(referrals.settle_commissions().unwrap(), (1, 0));
    let stats = referrals.stats(ann).unwrap();
    assert_eq!(
        stats.refers,
        vec![
            Refer { joined_at: now(), paying: false, earned_cents: 1_125, pending_cents: 1_125, status: CreditStatus::Pending },
            Refer { joined_at: earlier, paying: true, earned_cents: 2_500, pending_cents: 0, status: CreditStatus::Available },
        ],
        "the newest first, Dee not among them"
    );
    assert_eq!((stats.referred, stats.paying, stats.earned_cents, stats.pending_cents), (2, 1, 3_625, 1_125), "the totals agree with the rows");

    // Cy's payment is refunded: what it earned goes from their row.
    store.charges.borrow_mut()[1].refunded = true;
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 1));
    let rows = referrals.stats(ann).unwrap().refers;
    assert_eq!((rows[0].earned_cents, rows[0].pending_cents, rows[0].status), (0, 0, CreditStatus::None));
    assert_eq!(rows[1].status, CreditStatus::Available);
    assert_eq!(referrals.stats(bo).unwrap().refers, vec![], "Bo referred nobody");
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
        FakeCharge::premium("ch_1", bo, 9_999),
        FakeCharge { premium: false, ..FakeCharge::premium("ch_2", bo, 1_099) },
        // Not referred: nobody is credited.
        FakeCharge::premium("ch_3", cy, 4_499),
    ]);
    assert_eq!(referrals.settle_commissions().unwrap(), (2, 0));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 2_500 + 275);
    // A second run (a duplicate webhook, a restart) adds nothing.
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));

    store.charges.borrow_mut()[0].refunded = true;
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 1));
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 275);
    assert_eq!(
        store.entries.borrow().iter().map(|e| e.amount_cents).collect::<Vec<_>>(),
        vec![2_500, 275, -2_500],
        "append-only: the credit stays, a reversal follows"
    );
    assert_eq!(referrals.stats(cy).unwrap().earned_cents, 0);
}

fn application<'a>(name: &'a str) -> ApplicationForm<'a> {
    ApplicationForm { name: Some(name), email: Some("pay@example.com"), audience: Some("A newsletter of 20,000 readers"), accept_terms: Some(true) }
}

#[test]
fn an_affiliate_applies_once_is_approved_and_then_has_a_link() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let admin = store.add_member(9, "ops@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    assert_eq!(referrals.affiliate_account(ann).unwrap(), None);
    assert_eq!(referrals.apply_as_affiliate(ann, &ApplicationForm::default()).unwrap_err().to_string(), "Please enter your name.");
    assert_eq!(referrals.affiliate_account(ann).unwrap(), None, "a refused form saves nothing");

    let pending = referrals.apply_as_affiliate(ann, &application("Ann")).unwrap();
    assert_eq!((pending.record.status, pending.link), (AffiliateStatus::Pending, None));
    assert_eq!(referrals.apply_as_affiliate(ann, &application("Ann")).unwrap_err(), ReferralError::AlreadyApplied);

    assert_eq!(referrals.decide_affiliate(admin, UserId(5), AffiliateStatus::Approved).unwrap_err(), ReferralError::AffiliateNotFound);
    let rejected = referrals.decide_affiliate(admin, ann, AffiliateStatus::Rejected).unwrap();
    assert_eq!(rejected.status, AffiliateStatus::Rejected);
    let again = referrals.apply_as_affiliate(ann, &application("Ann B")).unwrap();
    assert_eq!((again.record.status, again.record.name.as_str()), (AffiliateStatus::Pending, "Ann B"));

    referrals.decide_affiliate(admin, ann, AffiliateStatus::Approved).unwrap();
    let approved = referrals.affiliate_account(ann).unwrap().unwrap();
    assert_eq!(approved.link.as_deref(), Some(referrals.link(&referrals.referral_id(ann).unwrap()).as_str()));
    let page = referrals.affiliates(AffiliateFilter::Only(AffiliateStatus::Pending), 0).unwrap();
    assert_eq!((page.total, page.pending), (0, 0));
}

#[test]
fn affiliates_earn_a_tenth_of_premium_through_their_link_and_are_paid_out_within_the_balance() {
    let store = InMemoryReferrals::default();
    let aff = store.add_member(1, "aff@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let admin = store.add_member(9, "ops@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let link = referrals.referral_id(aff).unwrap();
    referrals.apply_as_affiliate(aff, &application("Aff")).unwrap();
    referrals.decide_affiliate(admin, aff, AffiliateStatus::Approved).unwrap();
    store.charges.borrow_mut().extend([
        FakeCharge { link: Some(link.clone()), ..FakeCharge::premium("ch_life", bo, 9_999) },
        // A single book through the link earns an affiliate nothing, and is settled all the same.
        FakeCharge { link: Some(link.clone()), premium: false, ..FakeCharge::premium("ch_book", bo, 1_099) },
        // The affiliate's own purchase through their own link earns nothing.
        FakeCharge { link: Some(link), ..FakeCharge::premium("ch_own", aff, 4_499) },
    ]);
    assert_eq!(referrals.settle_commissions().unwrap(), (1, 0));
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));
    // Inside the refund window the credit is pending: nothing can be paid out yet.
    let earned = referrals.affiliate_account(aff).unwrap().unwrap().record;
    assert_eq!((earned.earned_cents, earned.pending_cents, earned.balance_cents()), (1_000, 1_000, 0));
    let too_much = "The payout is more than the available balance (credits become available once their refund window has passed).";
    assert_eq!(referrals.record_payout(admin, aff, Some(1), None).unwrap_err().to_string(), too_much);

    // A month on, it is available.
    let later = Referrals::new(&store, now() + chrono::Duration::days(31), SITE);
    assert_eq!(later.record_payout(admin, aff, Some(1_001), None).unwrap_err().to_string(), too_much);
    let paid = later.record_payout(admin, aff, Some(600), Some("PayPal")).unwrap();
    assert_eq!((paid.paid_out_cents, paid.balance_cents(), paid.earned_cents), (600, 400, 1_000));
    assert_eq!(later.record_payout(admin, aff, Some(401), None).unwrap_err().to_string(), too_much);
    assert_eq!(store.payouts.borrow().as_slice(), &[(aff, 600, "PayPal".to_owned(), admin)]);
    assert_eq!(later.stats(aff).unwrap().earned_cents, 1_000, "payouts do not lower what was earned");
    let csv = later.affiliates_csv(UserId(1)).unwrap();
    assert_eq!(store.exports.borrow().as_slice(), [(UserId(1), "gistbook-affiliates.csv".to_owned())], "the download is recorded");
    assert!(csv.lines().nth(1).unwrap().ends_with(",approved,2026-11-23,0,10.00,0.00,6.00,4.00"), "{csv}");
}

#[test]
fn a_guest_purchase_through_ones_own_link_earns_nothing_and_a_credit_found_to_be_ones_own_is_reversed() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let link = referrals.referral_id(ann).unwrap();
    store.charges.borrow_mut().extend([
        // Ann paid before, with her card.
        FakeCharge { card: Some("fp_ann".into()), ..FakeCharge::premium("ch_hers", ann, 999) },
        // As a guest through her own link: with her address, then with her card under another.
        FakeCharge { payer: None, email: Some("ann@example.com".into()), link: Some(link.clone()), ..FakeCharge::premium("ch_guest_mail", ann, 14_999) },
        FakeCharge {
            payer: None,
            email: Some("alias@example.com".into()),
            card: Some("fp_ann".into()),
            link: Some(link.clone()),
            ..FakeCharge::premium("ch_guest_card", ann, 14_999)
        },
        // A guest nobody can tell apart from a stranger: credited, for now.
        FakeCharge {
            payer: None,
            email: Some("zed@example.com".into()),
            card: Some("fp_zed".into()),
            link: Some(link),
            ..FakeCharge::premium("ch_later_hers", ann, 14_999)
        },
    ]);
    assert_eq!(referrals.settle_commissions().unwrap(), (1, 0));
    assert_eq!(referrals.stats(ann).unwrap().pending_cents, 3_750);
    // Ann attaches that purchase to her account within the refund window: the credit was hers.
    store.charges.borrow_mut().iter_mut().find(|c| c.id == "ch_later_hers").unwrap().payer = Some(ann);
    let next_day = Referrals::new(&store, now() + chrono::Duration::days(1), SITE);
    assert_eq!(next_day.settle_commissions().unwrap(), (0, 1));
    let stats = next_day.stats(ann).unwrap();
    assert_eq!((stats.earned_cents, stats.pending_cents, stats.available_cents), (0, 0, 0));
    assert_eq!(store.entries.borrow().last().unwrap().reason, Some(Reason::OwnPayment));
}

#[test]
fn a_chargeback_reverses_a_credit_a_won_dispute_gives_it_back_and_a_refund_after_a_payout_is_a_debt() {
    let store = InMemoryReferrals::default();
    let ann = store.add_member(1, "ann@example.com");
    let bo = store.add_member(2, "bo@example.com");
    let admin = store.add_member(9, "ops@example.com");
    let referrals = Referrals::new(&store, now(), SITE);
    let link = referrals.referral_id(ann).unwrap();
    referrals.apply_as_affiliate(ann, &application("Ann")).unwrap();
    referrals.decide_affiliate(admin, ann, AffiliateStatus::Approved).unwrap();
    store.charges.borrow_mut().push(FakeCharge { link: Some(link), ..FakeCharge::premium("ch_bo", bo, 10_000) });
    referrals.settle_commissions().unwrap();
    store.charges.borrow_mut()[0].disputed = true;
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 1));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 0);
    // The dispute is won: the payment is paid again, and the credit comes back, once.
    store.charges.borrow_mut()[0].disputed = false;
    assert_eq!(referrals.settle_commissions().unwrap(), (1, 0));
    assert_eq!(referrals.settle_commissions().unwrap(), (0, 0));
    assert_eq!(referrals.stats(ann).unwrap().earned_cents, 1_000);

    // Another sale is paid out once available, then refunded: the affiliate owes it, and a later
    // credit pays the debt first.
    store.charges.borrow_mut().push(FakeCharge { link: Some(referrals.referral_id(ann).unwrap()), ..FakeCharge::premium("ch_cy", bo, 20_000) });
    referrals.settle_commissions().unwrap();
    let later = Referrals::new(&store, now() + chrono::Duration::days(31), SITE);
    later.record_payout(admin, ann, Some(3_000), None).unwrap();
    store.charges.borrow_mut()[1].refunded = true;
    assert_eq!(later.settle_commissions().unwrap(), (0, 1));
    let owing = later.affiliate_account(ann).unwrap().unwrap().record;
    assert_eq!((owing.earned_cents, owing.paid_out_cents, owing.balance_cents()), (1_000, 3_000, -2_000), "a debt of $20");
    assert!(later.record_payout(admin, ann, Some(1), None).is_err());
    store.charges.borrow_mut().push(FakeCharge { link: Some(referrals.referral_id(ann).unwrap()), ..FakeCharge::premium("ch_dee", bo, 50_000) });
    later.settle_commissions().unwrap();
    let matured = Referrals::new(&store, now() + chrono::Duration::days(62), SITE);
    assert_eq!(matured.affiliate_account(ann).unwrap().unwrap().record.balance_cents(), 3_000, "$50 credited, $20 of it paid the debt");
}
