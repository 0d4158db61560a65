use super::*;
use chrono::{Duration, TimeZone, Utc};

const ADA: UserId = UserId(7);

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
}

fn days(n: i64) -> Timestamp {
    now() + Duration::days(n)
}

fn grant(id: i64, plan: &str, starts: i64, ends: Option<i64>) -> AccessGrant {
    AccessGrant {
        id,
        user: ADA,
        plan_id: plan.into(),
        source: GrantSource::Purchase { charge_id: format!("ch_{id}") },
        starts_at: days(starts),
        ends_at: ends.map(days),
        revoked: None,
    }
}

fn plan(grants: &[AccessGrant]) -> Option<MemberPlan> {
    MemberPlan::from_grants(grants, now())
}

#[test]
fn a_member_who_never_had_a_grant_has_no_plan() {
    assert_eq!(plan(&[]), None);
    assert_eq!(covered_until(&[], now()), None);
}

#[test]
fn lifetime_then_a_monthly_trial_stays_lifetime_and_cancelling_the_trial_takes_nothing() {
    // The bug this replaced: the trial's end overwrote lifetime.
    let lifetime = grant(1, "lifetime", -30, None);
    let trial = grant(2, "monthly", 0, Some(3));
    let both = plan(&[lifetime.clone(), trial.clone()]).unwrap();
    assert_eq!((both.plan_id.as_str(), both.end_paid_date, both.paid_date), ("lifetime", None, days(-30)));
    // The trial ended (or was cancelled at once): lifetime is untouched.
    let cancelled = AccessGrant { ends_at: Some(now()), ..trial };
    assert_eq!(plan(&[lifetime, cancelled]).unwrap().end_paid_date, None);
}

#[test]
fn a_gift_year_ahead_is_not_cut_to_a_monthly_period() {
    let gift = AccessGrant { source: GrantSource::Code { code_id: 9 }, ..grant(1, "gift", -10, Some(355)) };
    let monthly = grant(2, "monthly", 0, Some(3));
    let union = plan(&[gift.clone(), monthly.clone()]).unwrap();
    assert_eq!((union.plan_id.as_str(), union.end_paid_date), ("gift", Some(days(355))), "the one that lasts longest names the plan");
    assert_eq!(plan(&[monthly, gift]).unwrap(), union, "in any order");
}

#[test]
fn a_revoked_grant_gives_nothing_from_its_revocation_and_the_others_remain() {
    let lifetime = AccessGrant { revoked: Some((days(-1), Revocation::Refund)), ..grant(1, "lifetime", -30, None) };
    let yearly = grant(2, "yearly", -5, Some(360));
    assert_eq!(plan(&[lifetime.clone(), yearly]).unwrap().end_paid_date, Some(days(360)));
    // Alone, it shows when access ended: the refund.
    let alone = plan(std::slice::from_ref(&lifetime)).unwrap();
    assert_eq!((alone.plan_id.as_str(), alone.end_paid_date), ("lifetime", Some(days(-1))));
    assert!(!alone.gives_access(now()));
    assert!(!lifetime.is_live(now()));
    assert_eq!(lifetime.effective_end(), Some(days(-1)));
}

#[test]
fn ended_grants_leave_the_last_one_shown_as_ended() {
    let old = grant(1, "monthly", -90, Some(-60));
    let later = grant(2, "yearly", -50, Some(-2));
    let shown = plan(&[old, later]).unwrap();
    assert_eq!((shown.plan_id.as_str(), shown.paid_date, shown.end_paid_date), ("yearly", days(-50), Some(days(-2))));
    assert!(!shown.gives_access(now()));
    assert_eq!(covered_until(&[grant(3, "monthly", -90, Some(-60))], now()), None);
}

#[test]
fn a_grant_that_ends_now_is_over_and_one_not_started_is_not_live() {
    assert!(!grant(1, "monthly", -3, Some(0)).is_live(now()));
    assert!(grant(1, "monthly", -3, Some(0)).is_live(now() - Duration::seconds(1)));
    assert!(!grant(1, "monthly", 1, Some(30)).is_live(now()));
    assert_eq!(plan(&[grant(1, "monthly", 1, Some(30))]), None, "nothing started: no plan to show yet");
}

#[test]
fn covered_until_is_the_end_of_the_union_and_none_inside_for_life() {
    let grants = [grant(1, "monthly", -3, Some(10)), grant(2, "gift", 0, Some(300))];
    assert_eq!(covered_until(&grants, now()), Some(Some(days(300))));
    let with_life = [grant(1, "monthly", -3, Some(10)), grant(2, "lifetime", -1, None)];
    assert_eq!(covered_until(&with_life, now()), Some(None));
    assert!(plan(&with_life).unwrap().is_for_life(now()));
}

#[test]
fn sources_and_revocations_read_back_from_their_stored_names() {
    for why in [Revocation::Refund, Revocation::Dispute, Revocation::Operator] {
        assert_eq!(Revocation::parse(why.as_str()), Some(why));
    }
    assert_eq!(Revocation::parse("whim"), None);
    assert!(GrantSource::Operator.is_operators() && GrantSource::Legacy.is_operators());
    assert!(!GrantSource::Code { code_id: 1 }.is_operators() && !GrantSource::Purchase { charge_id: "c".into() }.is_operators());
}
