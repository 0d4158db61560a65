//! Turning auto-renewal off (by the member, or because the account was deleted) and the
//! subscription the account page shows.

use super::Billing;
use crate::cancel::{current_subscription, CancelReason, SubscriptionSummary};
use crate::error::BillingError;
use crate::gateway::Gateways;
use crate::ports::BillingStore;
use kernel::{Session, UserId};

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// The member's subscription for the account page: the one that renews, else the one still
    /// giving access; `None` when there is none (a lifetime plan, a code, never paid).
    pub fn subscription(&self, session: Session) -> Result<Option<SubscriptionSummary>, BillingError> {
        let member = self.member(session)?;
        self.subscription_of(member)
    }

    fn subscription_of(&self, member: UserId) -> Result<Option<SubscriptionSummary>, BillingError> {
        let subscriptions = self.store.subscriptions_of(member)?;
        let Some((charge, state)) = current_subscription(&subscriptions, self.now) else { return Ok(None) };
        let plan_name = self.store.find_plan(&charge.plan_id)?.map_or_else(|| charge.plan_id.clone(), |p| p.name);
        Ok(Some(SubscriptionSummary::new(charge, plan_name, state)))
    }

    /// "Turn off auto-renewal": asks the provider to end the member's subscription at its period
    /// end and records why. Access lasts until then (`endPaidDate` does not move).
    pub fn cancel_renewal(&self, gateways: Gateways<'_>, session: Session, reason: Option<&str>) -> Result<SubscriptionSummary, BillingError> {
        let member = self.member(session)?;
        let reason = CancelReason::parse(reason)?;
        let subscriptions = self.store.subscriptions_of(member)?;
        let (charge, _) =
            subscriptions.iter().filter(|(_, state)| state.renews()).max_by_key(|(charge, _)| charge.created_at).ok_or(BillingError::NothingToCancel)?;
        let gateway = gateways.renewals(&charge.provider).ok_or(BillingError::NotConfigured)?;
        let snapshot = gateway.cancel_at_period_end(&charge.reference).map_err(|e| BillingError::ProviderUnavailable(e.0))?;
        let plan_name = self.store.find_plan(&charge.plan_id)?.map_or_else(|| charge.plan_id.clone(), |p| p.name);
        let email = self.store.member_email(member)?.unwrap_or_else(|| charge.email.clone());
        self.store.atomically(&mut || {
            self.apply_snapshot(&charge.provider, &charge.reference, snapshot)?;
            self.store.record_cancellation(&charge.id, reason, self.now)?;
            if let Some((_, state)) = self.store.subscriptions_of(member)?.into_iter().find(|(c, _)| c.id == charge.id) {
                self.store.queue_mail(&cancelled_mail(self.site, &email, &plan_name, state.access_until()), self.now)?;
            }
            Ok(())
        })?;
        self.subscription_of(member)?.ok_or(BillingError::NothingToCancel)
    }
}

/// The confirmation that auto-renewal is off, sent with the change.
fn cancelled_mail(site: &str, to: &str, plan_name: &str, until: kernel::Timestamp) -> kernel::OutgoingMail {
    let site = site.trim_end_matches('/');
    let until = crate::error::long_date(until);
    kernel::OutgoingMail {
        to: to.to_owned(),
        subject: "Auto-renewal is off".into(),
        text_body: format!(
            "Auto-renewal of your {plan_name} is off; Premium until {until}. Nothing more will be charged.\n\n\
             You can keep reading every summary until then. Changed your mind? Pick a plan again at any time: {site}/pricing\n\n\
             The Gistbook team\n"
        ),
        attachment: None,
    }
}
