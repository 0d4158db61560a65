//! Provider webhooks: each event once, in one transaction with its effects, and in any order.

use super::Billing;
use crate::checkout::{ChargeStatus, Grant};
use crate::error::BillingError;
use crate::gateway::{Gateways, ProviderEvent, SubscriptionPayment, WebhookHeaders, WebhookRejected, WebhookVerifier};
use crate::model::PlanKind;
use crate::ports::BillingStore;
use crate::subscription::{ProviderSnapshot, Transition};

/// What became of a delivered event (every one is answered 200: the provider stops retrying).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// Its effects are recorded.
    Applied,
    /// Seen before: nothing changed.
    Duplicate,
    /// Not about anything of ours (or nothing billing acts on): recorded, nothing changed.
    Ignored,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// Verifies a webhook and applies it once. A subscription event moves the subscription's state
    /// only when it is newer than what was applied (`SubscriptionState::apply`), and the member's
    /// plan follows; a refund ends what a one-time purchase gave.
    pub fn handle_webhook(
        &self,
        verifier: &dyn WebhookVerifier,
        gateways: Gateways<'_>,
        payload: &str,
        headers: &dyn WebhookHeaders,
    ) -> Result<WebhookOutcome, BillingError> {
        let provider = verifier.provider();
        let event = verifier.verify(payload, headers).map_err(|rejected| match rejected {
            WebhookRejected::Unavailable(cause) => BillingError::ProviderUnavailable(cause),
            other => BillingError::WebhookRejected(other),
        })?;
        // An event that only says "look again" is looked up before the transaction, so no lock is
        // held while the provider answers.
        let (event_body, touched_payment) = match event.event {
            ProviderEvent::SubscriptionTouched { subscription, payment } => {
                let gateway = gateways.renewals(provider).ok_or(BillingError::NotConfigured)?;
                let body = match gateway.subscription(&subscription).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                    Some(snapshot) => ProviderEvent::Subscription {
                        subscription: subscription.clone(),
                        snapshot: ProviderSnapshot { as_of: self.now.max(snapshot.as_of), ..snapshot },
                    },
                    None => ProviderEvent::Other,
                };
                (body, payment.map(|payment| (subscription, payment)))
            }
            other => (other, None),
        };
        let mut outcome = WebhookOutcome::Ignored;
        self.store.atomically(&mut || {
            if !self.store.first_delivery(provider, &event.id, self.now)? {
                outcome = WebhookOutcome::Duplicate;
                return Ok(());
            }
            outcome = match &event_body {
                ProviderEvent::Subscription { subscription, snapshot } => self.apply_snapshot(provider, subscription, *snapshot)?,
                ProviderEvent::SubscriptionPaid { subscription, payment } => self.apply_subscription_payment(provider, subscription, payment)?,
                ProviderEvent::Refunded { reference } => self.apply_refund(provider, reference)?,
                ProviderEvent::SubscriptionTouched { .. } | ProviderEvent::Other => WebhookOutcome::Ignored,
            };
            if let Some((subscription, payment)) = &touched_payment {
                if self.apply_subscription_payment(provider, subscription, payment)? == WebhookOutcome::Applied {
                    outcome = WebhookOutcome::Applied;
                }
            }
            Ok(())
        })?;
        Ok(outcome)
    }

    /// Offers a provider's snapshot to a subscription of ours (inside the caller's transaction).
    pub(crate) fn apply_snapshot(&self, provider: &str, reference: &str, snapshot: ProviderSnapshot) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, Some(state))) = self.store.lock_charge_by_reference(provider, reference)? else {
            // Unknown, or still waiting for the buyer's bank: confirming it reads the provider.
            return Ok(WebhookOutcome::Ignored);
        };
        let Transition::Applied(next) = state.apply(snapshot) else { return Ok(WebhookOutcome::Applied) };
        self.store.save_subscription(&charge.id, &next)?;
        if let Some(user) = charge.user {
            let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
            if let Some(grant) = Grant::for_purchase(&plan, Some(&next), charge.created_at) {
                if let Some(grant) = grant.over(self.store.member_plan(user)?.as_ref()) {
                    self.store.give(user, &grant)?;
                }
            }
        }
        Ok(WebhookOutcome::Applied)
    }

    /// A subscription's payment after its purchase (renewals, the first payment after a trial) is
    /// recorded for the accounts and the referral programme. The first invoice of a subscription
    /// without a trial is the purchase itself, recorded at checkout: it is not recorded twice.
    fn apply_subscription_payment(&self, provider: &str, subscription: &str, payment: &SubscriptionPayment) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, Some(_))) = self.store.lock_charge_by_reference(provider, subscription)? else { return Ok(WebhookOutcome::Ignored) };
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if payment.amount.0 <= 0 || payment.is_the_purchase(&plan, &charge) {
            return Ok(WebhookOutcome::Ignored);
        }
        self.store.record_subscription_payment(&charge.id, provider, payment)?;
        Ok(WebhookOutcome::Applied)
    }

    /// A refunded one-time purchase ends the access it gave (now), unless the member holds the
    /// plan from elsewhere. A refunded subscription payment is marked refunded (the subscription's
    /// own events say what access remains).
    fn apply_refund(&self, provider: &str, reference: &str) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, _)) = self.store.lock_charge_by_reference(provider, reference)? else {
            let refunded = self.store.refund_subscription_payment(provider, reference)?;
            return Ok(if refunded { WebhookOutcome::Applied } else { WebhookOutcome::Ignored });
        };
        if charge.status == ChargeStatus::Refunded {
            return Ok(WebhookOutcome::Applied);
        }
        self.store.mark_refunded(&charge.id)?;
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if let (Some(user), PlanKind::Lifetime) = (charge.user, &plan.kind) {
            let current = self.store.member_plan(user)?;
            if current.as_ref().is_some_and(|c| c.plan_id == plan.id) {
                let paid_date = current.map_or(charge.created_at, |c| c.paid_date);
                self.store.give(user, &Grant { plan_id: plan.id.clone(), paid_date, end_paid_date: Some(self.now) })?;
            }
        }
        Ok(WebhookOutcome::Applied)
    }
}
