//! Grants and what follows from them: the member's plan fields re-derived after every change,
//! refunds and chargebacks that end what a purchase gave (its codes included), won disputes that
//! restore it, and subscriptions a better purchase replaced, ended at the provider.

use super::Billing;
use crate::access::{AccessGrant, GrantSource, MemberPlan, NewGrant, Revocation};
use crate::checkout::{Charge, ChargeStatus};
use crate::error::BillingError;
use crate::gateway::Gateways;
use crate::ports::{BillingStore, RenewalEnding};
use crate::standing::{standing, Renewing, Standing};
use crate::subscription::{SubscriptionState, Transition};
use kernel::{OutgoingMail, UserId};

/// The moment to read `grants` at: `now`, or the start of a grant a concurrent request added
/// after this request's clock was read (every grant starts at its own request's `now`, so none
/// starts later for any other reason). Read at `now` alone, a provider's event about an old
/// subscription, handled beside a purchase, would store the plan from before the purchase.
fn settled_at(grants: &[AccessGrant], now: kernel::Timestamp) -> kernel::Timestamp {
    grants.iter().map(|g| g.starts_at).max().map_or(now, |newest| newest.max(now))
}

/// How many replaced or orphaned renewals one round ends.
pub const RENEWALS_PER_ROUND: usize = 50;

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// The member's grants with their plans' names, live ones first, then the newest.
    pub fn grants(&self, session: kernel::Session) -> Result<Vec<(AccessGrant, String)>, BillingError> {
        let member = self.member(session)?;
        let mut grants = self.store.lock_grants_of(member)?;
        grants.sort_by_key(|g| (std::cmp::Reverse(g.is_live(self.now)), std::cmp::Reverse(g.starts_at)));
        let mut named = Vec::with_capacity(grants.len());
        for grant in grants {
            let name = self.store.find_plan(&grant.plan_id)?.map_or_else(|| grant.plan_id.clone(), |p| p.name);
            named.push((grant, name));
        }
        Ok(named)
    }

    /// Adds a grant and re-derives the member's plan (inside the caller's transaction).
    pub(crate) fn add_grant(&self, grant: &NewGrant) -> Result<Option<MemberPlan>, BillingError> {
        self.store.lock_grants_of(grant.user)?;
        self.store.add_grant(grant, self.now)?;
        self.refresh_plan(grant.user)
    }

    /// Re-derives and stores the member's plan fields from their grants. A member who holds
    /// Premium for life (bought, redeemed, or given back by a won dispute) has every subscription
    /// that still renews ended: a trial at once, a paid period at its end.
    pub(crate) fn refresh_plan(&self, user: UserId) -> Result<Option<MemberPlan>, BillingError> {
        let grants = self.store.lock_grants_of(user)?;
        let at = settled_at(&grants, self.now);
        let plan = MemberPlan::from_grants(&grants, at);
        self.store.save_member_plan(user, plan.as_ref())?;
        if plan.as_ref().is_some_and(|p| p.is_for_life(at)) {
            for (charge, state) in self.store.subscriptions_of(user)?.iter().filter(|(_, state)| state.renews()) {
                let ending = if state.status == crate::subscription::SubscriptionStatus::Trialing { RenewalEnding::Now } else { RenewalEnding::AtPeriodEnd };
                self.store.request_renewal_end(&charge.id, ending, self.now)?;
            }
        }
        Ok(plan)
    }

    /// The member's plan as their grants give it now.
    pub(crate) fn plan_of(&self, user: UserId) -> Result<Option<MemberPlan>, BillingError> {
        let grants = self.store.lock_grants_of(user)?;
        Ok(MemberPlan::from_grants(&grants, settled_at(&grants, self.now)))
    }

    /// A subscription's grant follows its state: its end is where the state's access ends.
    pub(crate) fn follow_subscription(&self, charge: &Charge, state: &SubscriptionState) -> Result<(), BillingError> {
        let Some(user) = charge.user else { return Ok(()) };
        let grants = self.store.lock_grants_of(user)?;
        let own = grants.iter().filter(|g| matches!(&g.source, GrantSource::Purchase { charge_id } if *charge_id == charge.id));
        for grant in own {
            self.store.set_grant_end(grant.id, Some(state.access_until()))?;
        }
        self.refresh_plan(user)?;
        Ok(())
    }

    /// The member's plan once `charge_id` took effect. A purchase settled by a concurrent request
    /// (its provider's event) gives a grant that starts at that request's clock, which may read
    /// later than this one's: the plan is read at whichever is later, so the buyer is never told
    /// the plan from before their purchase.
    pub(crate) fn plan_after(&self, user: UserId, charge_id: &str) -> Result<Option<MemberPlan>, BillingError> {
        let grants = self.store.lock_grants_of(user)?;
        let settled_at = grants
            .iter()
            .filter(|g| matches!(&g.source, GrantSource::Purchase { charge_id: own } if own == charge_id))
            .map(|g| g.starts_at)
            .max()
            .map_or(self.now, |start| start.max(self.now));
        Ok(MemberPlan::from_grants(&grants, settled_at))
    }

    /// What buying `plan` means for `user` (see `standing`), with the trial keys known so far.
    pub(crate) fn decide(&self, plan: &crate::model::Plan, user: Option<UserId>, keys: &crate::ports::TrialKeys) -> Result<Standing, BillingError> {
        let trial_used_on = match plan.kind {
            crate::model::PlanKind::Subscription { trial_days, .. } if trial_days > 0 => self.store.trial_given(keys)?,
            _ => None,
        };
        let Some(user) = user else { return Ok(standing(plan, &[], &[], trial_used_on, self.now)) };
        let grants = self.store.lock_grants_of(user)?;
        let subscriptions = self.store.subscriptions_of(user)?;
        let mut plans = Vec::new();
        for (charge, state) in subscriptions.iter().filter(|(_, state)| state.renews()) {
            if let Some(found) = self.store.find_plan(&charge.plan_id)? {
                plans.push((charge, found, state));
            }
        }
        let renewing: Vec<Renewing<'_>> = plans.iter().map(|(charge, plan, state)| Renewing { charge, plan, state }).collect();
        Ok(standing(plan, &grants, &renewing, trial_used_on, self.now))
    }

    /// Inside the paying transaction: the subscriptions this purchase replaces are marked to end.
    pub(crate) fn replace_renewals(&self, decided: &Standing) -> Result<(), BillingError> {
        for replaced in &decided.replaces {
            self.store.request_renewal_end(&replaced.charge_id, replaced.ending, self.now)?;
        }
        Ok(())
    }

    /// Ends, at their providers, the renewals that must end (replaced by a better purchase, or of
    /// a deleted account), each recorded with the provider's answer; one a provider cannot take now
    /// is tried again next round. How many were ended.
    pub fn end_renewals(&self, gateways: Gateways<'_>) -> Result<usize, BillingError> {
        let mut ended = 0;
        for (charge, _, ending) in self.store.renewals_to_end(RENEWALS_PER_ROUND)? {
            let Some(gateway) = gateways.renewals(&charge.provider) else { continue };
            let answer = match ending {
                RenewalEnding::Now => gateway.cancel_now(&charge.reference),
                RenewalEnding::AtPeriodEnd => gateway.cancel_at_period_end(&charge.reference),
            };
            let Ok(snapshot) = answer else { continue };
            self.store.atomically(&mut || {
                self.apply_snapshot(&charge.provider, &charge.reference, snapshot)?;
                Ok(())
            })?;
            ended += 1;
        }
        Ok(ended)
    }

    /// A refund or a chargeback of a purchase (inside the caller's transaction): the grants it
    /// made end now, its codes nobody redeemed are revoked, and whoever holds one of its redeemed
    /// codes is told their Premium from it ended.
    pub(crate) fn take_back(&self, charge: &Charge, why: Revocation) -> Result<(), BillingError> {
        let status = match why {
            Revocation::Dispute => ChargeStatus::Disputed,
            _ => ChargeStatus::Refunded,
        };
        self.store.set_charge_status(&charge.id, status)?;
        let revoked_codes = self.store.revoke_codes_of_charge(&charge.id, self.now, why)?;
        // The buyer is told what a refund took back (a chargeback is the buyer's own bank's doing).
        if why == Revocation::Refund && !charge.email.is_empty() {
            let plan_name = self.store.find_plan(&charge.plan_id)?.map_or_else(|| charge.plan_id.clone(), |p| p.name);
            self.store.queue_mail(&refund_mail(self.site, charge, &plan_name, revoked_codes), self.now)?;
        }
        for grant in self.store.grants_of_charge(&charge.id)? {
            if grant.revoked.is_some() {
                continue;
            }
            self.store.lock_grants_of(grant.user)?;
            self.store.revoke_grant(grant.id, self.now, why)?;
            self.refresh_plan(grant.user)?;
            if matches!(grant.source, GrantSource::Code { .. }) && grant.is_live(self.now) {
                if let Some(email) = self.store.member_email(grant.user)? {
                    self.store.queue_mail(&code_taken_back_mail(self.site, &email, &grant), self.now)?;
                }
            }
        }
        Ok(())
    }

    /// A won dispute: what the chargeback took back comes back (a refund's does not).
    pub(crate) fn give_back(&self, charge: &Charge) -> Result<(), BillingError> {
        if charge.status != ChargeStatus::Disputed {
            return Ok(());
        }
        self.store.set_charge_status(&charge.id, ChargeStatus::Paid)?;
        self.store.restore_codes_of_charge(&charge.id, Revocation::Dispute)?;
        for grant in self.store.grants_of_charge(&charge.id)? {
            if grant.revoked.is_some_and(|(_, why)| why == Revocation::Dispute) {
                self.store.lock_grants_of(grant.user)?;
                self.store.restore_grant(grant.id)?;
                self.refresh_plan(grant.user)?;
            }
        }
        Ok(())
    }

    /// Offers a provider's snapshot to a subscription of ours (inside the caller's transaction);
    /// the subscription's grant follows.
    pub(crate) fn apply_snapshot(&self, provider: &str, reference: &str, snapshot: crate::subscription::ProviderSnapshot) -> Result<bool, BillingError> {
        let Some((charge, Some(state))) = self.store.lock_charge_by_reference(provider, reference)? else {
            // Unknown, or still waiting for the buyer's bank: confirming it reads the provider.
            return Ok(false);
        };
        let Transition::Applied(next) = state.apply(snapshot) else { return Ok(true) };
        self.store.save_subscription(&charge.id, &next)?;
        if charge.status == ChargeStatus::Paid {
            self.follow_subscription(&charge, &next)?;
        }
        Ok(true)
    }
}

/// The buyer's notice of a refund: what was refunded, and what it took back.
fn refund_mail(site: &str, charge: &Charge, plan_name: &str, revoked_codes: u32) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let taken = match revoked_codes {
        0 => "Premium from this purchase has ended.".to_owned(),
        1 => "The code this purchase made no longer works.".to_owned(),
        n => format!("The {n} codes this purchase made that nobody had redeemed no longer work."),
    };
    OutgoingMail {
        to: charge.email.clone(),
        subject: format!("Your Gistbook refund: {plan_name}"),
        text_body: format!(
            "Hello,\n\nWe have refunded {} for {plan_name} (purchase {}). It reaches your card or PayPal account within a few days.\n\n{taken}\n\n\
             Questions? Write to us from {site}/contact\n\nThe Gistbook team\n",
            charge.amount, charge.id
        ),
        attachment: None,
    }
}

/// The mail to the holder of a gift or seat whose purchase was refunded or charged back.
fn code_taken_back_mail(site: &str, to: &str, grant: &AccessGrant) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    OutgoingMail {
        to: to.to_owned(),
        subject: "Your Gistbook Premium from a code has ended".to_owned(),
        text_body: format!(
            "Hello,\n\nThe payment for the code you redeemed (Premium plan \"{}\") was refunded or disputed by its buyer, so the Premium it gave \
             you has ended today.\n\nYour account, library and progress stay as they are. You can keep reading with a plan of your own: {site}/pricing\n\n\
             The Gistbook team\n",
            grant.plan_id
        ),
        attachment: None,
    }
}

#[cfg(test)]
mod settling_tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};

    fn grant(id: i64, plan: &str, starts_at: kernel::Timestamp, ends_at: Option<kernel::Timestamp>) -> AccessGrant {
        AccessGrant {
            id,
            user: UserId(1),
            plan_id: plan.into(),
            source: GrantSource::Purchase { charge_id: format!("ch_{id}") },
            starts_at,
            ends_at,
            revoked: None,
        }
    }

    #[test]
    fn a_grant_added_by_a_request_whose_clock_read_later_is_counted() {
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 1, 0, 0).unwrap();
        let trial = grant(1, "monthly", now - Duration::minutes(5), Some(now + Duration::days(7)));
        let lifetime = grant(2, "lifetime", now + Duration::milliseconds(40), None);
        let grants = [trial, lifetime];
        let at = settled_at(&grants, now);
        assert_eq!(at, now + Duration::milliseconds(40));
        assert_eq!(MemberPlan::from_grants(&grants, at).unwrap().plan_id, "lifetime");
        assert_eq!(MemberPlan::from_grants(&grants, now).unwrap().plan_id, "monthly", "what the stale clock alone would store");
        assert_eq!(settled_at(&grants[..1], now), now);
    }
}
