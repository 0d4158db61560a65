//! What buying a plan means for someone who may already have Premium, decided before any money
//! moves and shown by the page before paying:
//! - a purchase that would give nothing is refused (a member with Premium for life buying
//!   Premium; a subscription that goes no higher than the one that renews);
//! - a better purchase (lifetime over a subscription, yearly over monthly) replaces the
//!   subscription that renews: a trial ends at once with no charge, a paid period is kept until its
//!   end and does not renew;
//! - a free trial is given once per account, e-mail address, card and PayPal payer: a second
//!   subscription is charged at once.

use crate::access::AccessGrant;
use crate::checkout::Charge;
use crate::error::BillingError;
use crate::model::{Interval, Plan, PlanKind};
use crate::ports::RenewalEnding;
use crate::subscription::{SubscriptionState, SubscriptionStatus};
use kernel::Timestamp;

/// How much Premium a plan gives its buyer, to compare purchases; `None` for plans that give the
/// buyer no Premium of their own (gifts, seats, books, quiz results).
pub fn tier(kind: &PlanKind) -> Option<u8> {
    match kind {
        PlanKind::Subscription { interval: Interval::Month, .. } => Some(1),
        PlanKind::Subscription { interval: Interval::Year, .. } => Some(2),
        PlanKind::Lifetime => Some(3),
        _ => None,
    }
}

/// A subscription of the member's that renews, with its plan.
#[derive(Debug, Clone)]
pub struct Renewing<'a> {
    pub charge: &'a Charge,
    pub plan: &'a Plan,
    pub state: &'a SubscriptionState,
}

/// Why a purchase is refused before paying.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Premium for life already.
    ForLife,
    /// A subscription at least as good renews already.
    Subscribed { plan_name: String, renews_on: Timestamp },
    /// The buyer's account has not confirmed its e-mail address yet.
    EmailNotConfirmed,
}

/// The subscription a purchase replaces, and how it stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    pub charge_id: String,
    pub plan_name: String,
    pub ending: RenewalEnding,
    /// When its access ends: now for a trial, else the end of the period paid for.
    pub access_until: Timestamp,
}

/// What buying a plan means for this buyer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Standing {
    pub refusal: Option<Refusal>,
    pub replaces: Vec<Replacement>,
    /// The free trial this purchase starts (0: none, charged at once).
    pub trial_days: u32,
    /// When the buyer's free trial was used, if it was and the plan has one.
    pub trial_used_on: Option<Timestamp>,
}

impl Standing {
    /// Refuses a purchase that would give nothing, and a subscription without the trial the page
    /// promised unless the buyer agreed (`without_trial`) after being told it was used.
    pub fn check(&self, without_trial: bool) -> Result<(), BillingError> {
        match &self.refusal {
            Some(Refusal::ForLife) => return Err(BillingError::HasLifetime),
            Some(Refusal::Subscribed { plan_name, renews_on }) => {
                return Err(BillingError::AlreadySubscribed { plan_name: plan_name.clone(), renews_on: *renews_on })
            }
            Some(Refusal::EmailNotConfirmed) => return Err(BillingError::EmailNotConfirmed),
            None => {}
        }
        match self.trial_used_on {
            Some(on) if !without_trial => Err(BillingError::TrialUsed { on }),
            _ => Ok(()),
        }
    }
}

/// Decides a purchase of `plan` against the member's grants and renewing subscriptions, and when
/// their free trial was used (`None`: never).
pub fn standing(plan: &Plan, grants: &[AccessGrant], renewing: &[Renewing<'_>], trial_used_on: Option<Timestamp>, now: Timestamp) -> Standing {
    let offered_trial = match plan.kind {
        PlanKind::Subscription { trial_days, .. } => trial_days,
        _ => 0,
    };
    let (trial_days, trial_used_on) = match trial_used_on {
        Some(used) if offered_trial > 0 => (0, Some(used)),
        _ => (offered_trial, None),
    };
    let mut decided = Standing { trial_days, trial_used_on, ..Standing::default() };
    let Some(wanted) = tier(&plan.kind) else { return decided };
    if grants.iter().any(|g| g.is_live(now) && g.is_for_life()) {
        decided.refusal = Some(Refusal::ForLife);
        return decided;
    }
    if let Some(better) = renewing.iter().filter(|r| tier(&r.plan.kind).is_some_and(|t| t >= wanted)).max_by_key(|r| r.state.current_period_end) {
        decided.refusal = Some(Refusal::Subscribed { plan_name: better.plan.name.clone(), renews_on: better.state.current_period_end });
        return decided;
    }
    decided.replaces = renewing
        .iter()
        .filter(|r| tier(&r.plan.kind).is_some_and(|t| t < wanted))
        .map(|r| {
            let ending = if r.state.status == SubscriptionStatus::Trialing { RenewalEnding::Now } else { RenewalEnding::AtPeriodEnd };
            let access_until = match ending {
                RenewalEnding::Now => now,
                RenewalEnding::AtPeriodEnd => r.state.access_until(),
            };
            Replacement { charge_id: r.charge.id.clone(), plan_name: r.plan.name.clone(), ending, access_until }
        })
        .collect();
    decided
}

#[cfg(test)]
mod tests;
