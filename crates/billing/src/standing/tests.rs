use super::*;
use crate::access::GrantSource;
use crate::checkout::ChargeStatus;
use crate::fakes::standard_plans;
use crate::model::Cents;
use chrono::{Duration, TimeZone, Utc};
use kernel::UserId;

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
}

fn plan(id: &str) -> Plan {
    standard_plans().into_iter().find(|p| p.id == id).unwrap()
}

fn charge(id: &str, plan_id: &str) -> Charge {
    Charge {
        id: id.into(),
        user: Some(UserId(7)),
        email: "ada@example.com".into(),
        plan_id: plan_id.into(),
        quantity: 1,
        amount: Cents(999),
        coupon: None,
        provider: "stripe".into(),
        reference: format!("sub_{id}"),
        status: ChargeStatus::Paid,
        created_at: now(),
        referral_id: None,
        card_fingerprint: None,
        add_on: None,
    }
}

fn state(status: SubscriptionStatus, days: i64) -> SubscriptionState {
    SubscriptionState { status, current_period_end: now() + Duration::days(days), as_of: now(), past_due_since: None }
}

fn lifetime_grant() -> AccessGrant {
    AccessGrant {
        id: 1,
        user: UserId(7),
        plan_id: "lifetime".into(),
        source: GrantSource::Purchase { charge_id: "ch_life".into() },
        starts_at: now() - Duration::days(10),
        ends_at: None,
        revoked: None,
    }
}

#[test]
fn plans_rank_monthly_yearly_lifetime_and_the_rest_give_the_buyer_nothing() {
    assert!(tier(&plan("monthly").kind) < tier(&plan("yearly").kind));
    assert!(tier(&plan("yearly").kind) < tier(&plan("lifetime").kind));
    assert_eq!(tier(&plan("gift").kind), None);
    assert_eq!(tier(&plan("bulk").kind), None);
}

#[test]
fn premium_for_life_refuses_every_plan_of_premium_but_not_gifts_or_seats() {
    for id in ["monthly", "yearly", "lifetime"] {
        let decided = standing(&plan(id), &[lifetime_grant()], &[], None, now());
        assert_eq!(decided.refusal, Some(Refusal::ForLife), "{id}");
        assert_eq!(decided.check(false).unwrap_err(), BillingError::HasLifetime);
    }
    for id in ["gift", "bulk"] {
        assert_eq!(standing(&plan(id), &[lifetime_grant()], &[], None, now()).refusal, None, "{id}");
    }
    // A refunded lifetime no longer refuses anything.
    let refunded = AccessGrant { revoked: Some((now() - Duration::days(1), crate::access::Revocation::Refund)), ..lifetime_grant() };
    assert_eq!(standing(&plan("monthly"), &[refunded], &[], None, now()).refusal, None);
}

#[test]
fn a_subscription_no_higher_than_the_renewing_one_is_refused_with_its_renewal_date() {
    let (yearly_charge, yearly_plan, active) = (charge("ch_y", "yearly"), plan("yearly"), state(SubscriptionStatus::Active, 200));
    let renewing = [Renewing { charge: &yearly_charge, plan: &yearly_plan, state: &active }];
    for id in ["monthly", "yearly"] {
        let decided = standing(&plan(id), &[], &renewing, None, now());
        assert_eq!(decided.refusal, Some(Refusal::Subscribed { plan_name: "Premium Yearly".into(), renews_on: now() + Duration::days(200) }), "{id}");
        assert_eq!(
            decided.check(false).unwrap_err().to_string(),
            "You subscribe to Premium Yearly already (it renews on June 11, 2027). You can manage it on your account page."
        );
    }
}

#[test]
fn a_better_plan_replaces_the_renewing_one_a_trial_at_once_a_paid_period_at_its_end() {
    let (monthly_charge, monthly_plan) = (charge("ch_m", "monthly"), plan("monthly"));
    let trialing = state(SubscriptionStatus::Trialing, 3);
    let decided = standing(&plan("lifetime"), &[], &[Renewing { charge: &monthly_charge, plan: &monthly_plan, state: &trialing }], None, now());
    assert_eq!(decided.refusal, None);
    assert_eq!(
        decided.replaces,
        vec![Replacement { charge_id: "ch_m".into(), plan_name: "Premium Monthly".into(), ending: RenewalEnding::Now, access_until: now() }]
    );
    let active = state(SubscriptionStatus::Active, 20);
    let decided = standing(&plan("yearly"), &[], &[Renewing { charge: &monthly_charge, plan: &monthly_plan, state: &active }], None, now());
    assert_eq!(decided.replaces[0].ending, RenewalEnding::AtPeriodEnd);
    assert_eq!(decided.replaces[0].access_until, now() + Duration::days(20), "what was paid for is kept");
    // A gift replaces nothing.
    assert!(standing(&plan("gift"), &[], &[Renewing { charge: &monthly_charge, plan: &monthly_plan, state: &active }], None, now()).replaces.is_empty());
}

#[test]
fn a_used_trial_means_no_trial_and_checkout_says_so_unless_the_buyer_agreed() {
    let used = now() - Duration::days(40);
    let decided = standing(&plan("monthly"), &[], &[], Some(used), now());
    assert_eq!((decided.trial_days, decided.trial_used_on), (0, Some(used)));
    assert_eq!(
        decided.check(false).unwrap_err().to_string(),
        "Your free trial was used on October 14, 2026: this subscription starts at once and is charged today."
    );
    assert_eq!(decided.check(true), Ok(()));
    let fresh = standing(&plan("monthly"), &[], &[], None, now());
    assert_eq!((fresh.trial_days, fresh.trial_used_on, fresh.check(false)), (3, None, Ok(())));
    // Plans without a trial do not mention it.
    let lifetime = standing(&plan("lifetime"), &[], &[], Some(used), now());
    assert_eq!((lifetime.trial_days, lifetime.trial_used_on), (0, None));
}
